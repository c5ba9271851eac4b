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
    const { orders } = ctx.services.shopOrders;
    const bills = ctx.services.shopBills;
    // The shop's home figures: stock (part 1), orders and shipments to handle, revenue (part 2).
    const shopFigures = async () => {
      const [stockFigures, orderFigures, billFigures] = await Promise.all([
        stock.homeFigures(),
        orders.homeFigures(),
        bills.homeFigures(),
      ]);
      // Three disjoint groups of figures; one copy (decision 0010: no leading spread).
      return Object.assign({}, stockFigures, orderFigures, billFigures);
    };
    ctx.services.dashboard = new DashboardService(ctx.db, ctx.clock, shopFigures);
    return mount(dashboardRoutes, { dashboardService: ctx.services.dashboard });
  },
});
