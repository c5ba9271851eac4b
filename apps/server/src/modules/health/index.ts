export { healthModule } from './health.module.js';
