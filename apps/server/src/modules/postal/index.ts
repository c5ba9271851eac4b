export { postalModule } from './postal.module.js';
