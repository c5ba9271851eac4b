import { defineModule, mount } from '../../core/app-module.js';
import { inspectionCategoriesRoutes } from './inspection-categories.routes.js';
import { InspectionCategoriesService } from './inspection-categories.service.js';

declare module '../../core/app-module.js' {
  interface AppServices {
    inspectionCategories: InspectionCategoriesService;
  }
}

export const inspectionCategoriesModule = defineModule({
  name: 'inspection-categories',
  setup(ctx) {
    ctx.services.inspectionCategories = new InspectionCategoriesService(ctx.db);
    return mount(inspectionCategoriesRoutes, {
      inspectionCategoriesService: ctx.services.inspectionCategories,
    });
  },
});
