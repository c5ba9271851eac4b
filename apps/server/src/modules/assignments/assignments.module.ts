import { defineModule, mount } from '../../core/app-module.js';
import { assignmentsRoutes } from './assignments.routes.js';
import { AssignmentsService } from './assignments.service.js';

declare module '../../core/app-module.js' {
  interface AppServices {
    assignments: AssignmentsService;
  }
}

export const assignmentsModule = defineModule({
  name: 'assignments',
  setup(ctx) {
    ctx.services.assignments = new AssignmentsService(ctx.db, ctx.clock, ctx.services.notifications);
    return mount(assignmentsRoutes, { assignmentsService: ctx.services.assignments });
  },
});
