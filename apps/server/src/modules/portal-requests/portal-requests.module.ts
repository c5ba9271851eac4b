import { defineModule, mount } from '../../core/app-module.js';
import { portalRequestsRoutes } from './portal-requests.routes.js';
import { PortalRequestsService } from './portal-requests.service.js';

declare module '../../core/app-module.js' {
  interface AppServices {
    portalRequests: PortalRequestsService;
  }
}

/** The client portal's requests and corrective actions (issue 20); after assignments and actions. */
export const portalRequestsModule = defineModule({
  name: 'portal-requests',
  setup(ctx) {
    const { services } = ctx;
    services.portalRequests = new PortalRequestsService(
      ctx.db,
      ctx.clock,
      services.notifications,
      services.assignments,
      services.correctiveActions,
    );
    return mount(portalRequestsRoutes, { portalRequestsService: services.portalRequests });
  },
});
