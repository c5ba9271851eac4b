export { activityModule } from './activity.module.js';
