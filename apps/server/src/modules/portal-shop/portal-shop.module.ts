import { defineModule, mount } from '../../core/app-module.js';
import { portalShopRoutes } from './portal-shop.routes.js';
import { PortalShopService } from './portal-shop.service.js';

declare module '../../core/app-module.js' {
  interface AppServices {
    portalShop: PortalShopService;
  }
}

/** The client portal's shop (issue 20): the shop's services with the signed-in client; after them. */
export const portalShopModule = defineModule({
  name: 'portal-shop',
  setup(ctx) {
    const { shopCatalogue, shopOrders, shopBills } = ctx.services;
    ctx.services.portalShop = new PortalShopService(shopCatalogue, shopOrders, shopBills);
    return mount(portalShopRoutes, { portalShopService: ctx.services.portalShop });
  },
});
