export { inspectionCategoriesModule } from './inspection-categories.module.js';
