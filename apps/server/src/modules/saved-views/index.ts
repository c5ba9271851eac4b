export { savedViewsModule } from './saved-views.module.js';
