import { defineModule, mount } from '../../core/app-module.js';
import { shopBillsRoutes } from './shop-bills.routes.js';
import { ShopBillsService } from './shop-bills.service.js';

declare module '../../core/app-module.js' {
  interface AppServices {
    shopBills: ShopBillsService;
  }
}

/** Bills (GST tax invoices) and credit notes; the orders module issues them through `ctx.services.shopBills`. */
export const shopBillsModule = defineModule({
  name: 'shop-bills',
  setup(ctx) {
    ctx.services.shopBills = new ShopBillsService(
      ctx.db,
      ctx.clock,
      ctx.services.settings,
      ctx.services.notifications,
      ctx.fileStorage,
    );
    return mount(shopBillsRoutes, { bills: ctx.services.shopBills });
  },
});
