import { defineModule, mount } from '../../core/app-module.js';
import { dashboardRoutes } from './dashboard.routes.js';
import { DashboardService } from './dashboard.service.js';

declare module '../../core/app-module.js' {
  interface AppServices {
    dashboard: DashboardService;
  }
}

export const dashboardModule = defineModule({
  name: 'dashboard',
  setup(ctx) {
    const { stock } = ctx.services.shopCatalogue;
    ctx.services.dashboard = new DashboardService(ctx.db, ctx.clock, () => stock.homeFigures());
    return mount(dashboardRoutes, { dashboardService: ctx.services.dashboard });
  },
});
