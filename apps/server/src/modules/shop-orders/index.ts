export { shopOrdersModule } from './shop-orders.module.js';
