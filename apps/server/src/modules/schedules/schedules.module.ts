import { defineModule, mount } from '../../core/app-module.js';
import { afterStartDelay } from '../../core/background-tasks.js';
import { schedulesRoutes } from './schedules.routes.js';
import { SchedulesService } from './schedules.service.js';

declare module '../../core/app-module.js' {
  interface AppServices {
    schedules: SchedulesService;
  }
}

export const schedulesModule = defineModule({
  name: 'schedules',
  setup(ctx) {
    const { config, services } = ctx;
    const schedules = new SchedulesService(
      ctx.db,
      ctx.clock,
      services.assignments,
      services.notifications,
      ctx.log,
    );
    // Off in tests unless a test runs it (runOnce with its own clock); in a server it runs in every
    // process: the schedule's advisory lock and the occurrence key keep each assignment once-only.
    let cancelFirstRun = () => {};
    if (config.NODE_ENV !== 'test') {
      ctx.onReady(async () => {
        cancelFirstRun = afterStartDelay(() => {
          schedules.start(config.SCHEDULE_PLANNING_INTERVAL_SECONDS * 1000);
          schedules
            .runOnce()
            .catch((error: unknown) => ctx.log.error({ err: error }, 'schedule planning failed'));
        });
      });
    }
    ctx.onClose(async () => {
      cancelFirstRun();
      await schedules.stop();
    });
    services.schedules = schedules;
    return mount(schedulesRoutes, { schedulesService: schedules });
  },
});
