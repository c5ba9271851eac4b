import { defineModule, mount } from '../../core/app-module.js';
import { APP_VERSION } from '../../version.js';
import { healthRoutes } from './health.routes.js';

export const healthModule = defineModule({
  name: 'health',
  setup: (ctx) => mount(healthRoutes, { database: ctx.database, version: APP_VERSION }),
});
