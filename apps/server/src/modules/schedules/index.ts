export { schedulesModule } from './schedules.module.js';
