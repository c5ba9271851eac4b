import { defineModule, mount } from '../../core/app-module.js';
import { activityRoutes } from './activity.routes.js';
import { ActivityService } from './activity.service.js';

declare module '../../core/app-module.js' {
  interface AppServices {
    activity: ActivityService;
  }
}

export const activityModule = defineModule({
  name: 'activity',
  setup(ctx) {
    ctx.services.activity = new ActivityService(ctx.db);
    return mount(activityRoutes, { activityService: ctx.services.activity });
  },
});
