import { defineModule, mount } from '../../core/app-module.js';
import { globalSearchRoutes } from './global-search.routes.js';
import { GlobalSearchService } from './global-search.service.js';

export const globalSearchModule = defineModule({
  name: 'global-search',
  setup: (ctx) => mount(globalSearchRoutes, { globalSearchService: new GlobalSearchService(ctx.db) }),
});
