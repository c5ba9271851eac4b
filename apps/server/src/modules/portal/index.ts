export { portalModule } from './portal.module.js';
