export { portalShopModule } from './portal-shop.module.js';
