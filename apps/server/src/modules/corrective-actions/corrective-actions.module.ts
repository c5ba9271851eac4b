import { defineModule, mount } from '../../core/app-module.js';
import { correctiveActionsRoutes } from './corrective-actions.routes.js';
import { CorrectiveActionsService } from './corrective-actions.service.js';

declare module '../../core/app-module.js' {
  interface AppServices {
    correctiveActions: CorrectiveActionsService;
  }
}

export const correctiveActionsModule = defineModule({
  name: 'corrective-actions',
  setup(ctx) {
    const { services } = ctx;
    const escalation = services.escalation;
    services.correctiveActions = new CorrectiveActionsService(
      ctx.db,
      ctx.clock,
      services.notifications,
      services.assignments,
      (executor) => escalation.actionDueDays(executor),
      ctx.fileStorage,
    );
    return mount(correctiveActionsRoutes, { correctiveActionsService: services.correctiveActions });
  },
});
