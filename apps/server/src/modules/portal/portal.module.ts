import { defineModule, mount } from '../../core/app-module.js';
import { portalRoutes } from './portal.routes.js';
import { PortalService } from './portal.service.js';

declare module '../../core/app-module.js' {
  interface AppServices {
    portal: PortalService;
  }
}

/** The client portal's reads (issue 20, docs/portal.md); after inspections, whose detail and report it hands out. */
export const portalModule = defineModule({
  name: 'portal',
  setup(ctx) {
    const { services } = ctx;
    services.portal = new PortalService(
      ctx.db,
      ctx.clock,
      services.inspections,
      services.inspectionReports,
      services.settings,
    );
    return mount(portalRoutes, { portalService: services.portal });
  },
});
