import { defineModule, mount } from '../../core/app-module.js';
import { accountRoutes } from './account.routes.js';
import { EmailChangeService } from './email-change.service.js';

declare module '../../core/app-module.js' {
  interface AppServices {
    emailChange: EmailChangeService;
  }
}

export const accountModule = defineModule({
  name: 'account',
  setup(ctx) {
    ctx.services.emailChange = new EmailChangeService(ctx.db, ctx.clock, ctx.services.delivery, {
      productName: ctx.config.PRODUCT_NAME,
    });
    return mount(accountRoutes, { emailChangeService: ctx.services.emailChange });
  },
});
