import { defineModule, mount } from '../../core/app-module.js';
import { settingsRoutes } from './settings.routes.js';
import { SettingsService } from './settings.service.js';

declare module '../../core/app-module.js' {
  interface AppServices {
    settings: SettingsService;
  }
}

export const settingsModule = defineModule({
  name: 'settings',
  setup(ctx) {
    ctx.services.settings = new SettingsService(ctx.db, ctx.clock, ctx.fileStorage, {
      companyName: ctx.config.PRODUCT_NAME,
    });
    return mount(settingsRoutes, { settingsService: ctx.services.settings });
  },
});
