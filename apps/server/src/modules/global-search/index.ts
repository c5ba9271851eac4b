export { globalSearchModule } from './global-search.module.js';
