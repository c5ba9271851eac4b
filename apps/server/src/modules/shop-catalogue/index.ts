export { shopCatalogueModule } from './shop-catalogue.module.js';
