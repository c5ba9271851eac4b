import { defineModule, mount } from '../../core/app-module.js';
import { sitesRoutes } from './sites.routes.js';
import { SitesService } from './sites.service.js';

declare module '../../core/app-module.js' {
  interface AppServices {
    sites: SitesService;
  }
}

export const sitesModule = defineModule({
  name: 'sites',
  setup(ctx) {
    ctx.services.sites = new SitesService(ctx.db, ctx.clock);
    return mount(sitesRoutes, { sitesService: ctx.services.sites });
  },
});
