import { defineModule, mount } from '../../core/app-module.js';
import { inspectorWorkRoutes } from './inspector-work.routes.js';
import { InspectorWorkService } from './inspector-work.service.js';

declare module '../../core/app-module.js' {
  interface AppServices {
    inspectorWork: InspectorWorkService;
  }
}

export const inspectorWorkModule = defineModule({
  name: 'inspector-work',
  setup(ctx) {
    const { services } = ctx;
    const inspectorWork = new InspectorWorkService(
      ctx.db,
      ctx.clock,
      services.notifications,
      ctx.fileStorage,
      services.correctiveActions,
      services.verification,
    );
    services.inspectorWork = inspectorWork;
    return mount(inspectorWorkRoutes, { inspectorWorkService: inspectorWork });
  },
});
