import { defineModule, mount } from '../../core/app-module.js';
import { shopCatalogueRoutes } from './shop-catalogue.routes.js';
import { ShopCategoriesService } from './shop-categories.service.js';
import { ShopProductsService } from './shop-products.service.js';
import { ShopStockService } from './shop-stock.service.js';

/** The shop's catalogue and inventory; part 2 (orders) moves stock through `stock.applyMovement`. */
export interface ShopCatalogueServices {
  categories: ShopCategoriesService;
  products: ShopProductsService;
  stock: ShopStockService;
}

declare module '../../core/app-module.js' {
  interface AppServices {
    shopCatalogue: ShopCatalogueServices;
  }
}

export const shopCatalogueModule = defineModule({
  name: 'shop-catalogue',
  setup(ctx) {
    const stock = new ShopStockService(ctx.db, ctx.clock);
    ctx.services.shopCatalogue = {
      categories: new ShopCategoriesService(ctx.db),
      products: new ShopProductsService(ctx.db, ctx.clock, ctx.fileStorage, stock),
      stock,
    };
    return mount(shopCatalogueRoutes, ctx.services.shopCatalogue);
  },
});
