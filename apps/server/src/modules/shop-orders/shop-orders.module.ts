import { defineModule, mount } from '../../core/app-module.js';
import { AddressesService } from './addresses.service.js';
import { CartService } from './cart.service.js';
import { loadDemoOrders } from './demo-orders.js';
import { OrderLifecycleService } from './order-lifecycle.service.js';
import { OrdersService } from './orders.service.js';
import { shopOrdersRoutes } from './shop-orders.routes.js';

/** The shop's addresses, carts and orders; the home screen reads `orders.homeFigures`. */
export interface ShopOrdersServices {
  addresses: AddressesService;
  cart: CartService;
  orders: OrdersService;
  lifecycle: OrderLifecycleService;
  /** Places the demo orders through these services (a fresh embedded database's demo data). */
  loadDemo(today?: Date): Promise<number>;
}

declare module '../../core/app-module.js' {
  interface AppServices {
    shopOrders: ShopOrdersServices;
  }
}

export const shopOrdersModule = defineModule({
  name: 'shop-orders',
  setup(ctx) {
    const { settings, notifications, shopBills } = ctx.services;
    const { stock } = ctx.services.shopCatalogue;
    ctx.services.shopOrders = {
      addresses: new AddressesService(ctx.db, ctx.clock),
      cart: new CartService(ctx.db, ctx.clock, settings),
      orders: new OrdersService(ctx.db, ctx.clock, settings, stock, notifications, ctx.fileStorage),
      lifecycle: new OrderLifecycleService(ctx.db, ctx.clock, settings, stock, shopBills, notifications),
      loadDemo: (today) =>
        loadDemoOrders(
          { db: ctx.db, settings, stock, bills: shopBills, fileStorage: ctx.fileStorage },
          today,
        ),
    };
    return mount(shopOrdersRoutes, ctx.services.shopOrders);
  },
});
