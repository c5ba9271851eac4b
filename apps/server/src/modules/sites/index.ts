export { sitesModule } from './sites.module.js';
