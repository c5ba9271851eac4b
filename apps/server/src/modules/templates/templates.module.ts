import { defineModule, mount } from '../../core/app-module.js';
import { templatesRoutes } from './templates.routes.js';
import { TemplatesService } from './templates.service.js';

declare module '../../core/app-module.js' {
  interface AppServices {
    templates: TemplatesService;
  }
}

export const templatesModule = defineModule({
  name: 'templates',
  setup(ctx) {
    ctx.services.templates = new TemplatesService(ctx.db, ctx.clock);
    return mount(templatesRoutes, { templatesService: ctx.services.templates });
  },
});
