export { shopBillsModule } from './shop-bills.module.js';
