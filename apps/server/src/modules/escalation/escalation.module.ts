import { defineModule, mount } from '../../core/app-module.js';
import { escalationRoutes } from './escalation.routes.js';
import { EscalationService } from './escalation.service.js';

declare module '../../core/app-module.js' {
  interface AppServices {
    escalation: EscalationService;
  }
}

export const escalationModule = defineModule({
  name: 'escalation',
  setup(ctx) {
    const { config, services } = ctx;
    const escalation = new EscalationService(
      ctx.db,
      ctx.clock,
      services.notifications,
      services.delivery,
      ctx.log,
    );
    // Off in tests unless a test runs it; in a server it runs in every process (claims keep each step once-only).
    if (config.NODE_ENV !== 'test') {
      ctx.onReady(async () => escalation.start(config.SCHEDULED_NOTIFICATIONS_INTERVAL_SECONDS * 1000));
    }
    ctx.onClose(async () => escalation.stop());
    services.escalation = escalation;
    return mount(escalationRoutes, { escalationService: escalation });
  },
});
