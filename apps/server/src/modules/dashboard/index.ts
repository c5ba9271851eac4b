export { dashboardModule } from './dashboard.module.js';
