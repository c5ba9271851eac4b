import { defineModule, mount } from '../../core/app-module.js';
import { savedViewsRoutes } from './saved-views.routes.js';
import { SavedViewsService } from './saved-views.service.js';

declare module '../../core/app-module.js' {
  interface AppServices {
    savedViews: SavedViewsService;
  }
}

export const savedViewsModule = defineModule({
  name: 'saved-views',
  setup(ctx) {
    ctx.services.savedViews = new SavedViewsService(ctx.db);
    return mount(savedViewsRoutes, { savedViewsService: ctx.services.savedViews });
  },
});
