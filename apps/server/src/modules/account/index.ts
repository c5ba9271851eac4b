export { accountModule } from './account.module.js';
