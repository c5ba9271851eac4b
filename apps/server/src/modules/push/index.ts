export { pushModule } from './push.module.js';
