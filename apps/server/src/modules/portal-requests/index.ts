export { portalRequestsModule } from './portal-requests.module.js';
