import { defineModule, mount } from '../../core/app-module.js';
import { postalRoutes } from './postal.routes.js';
import { PostalService } from './postal.service.js';

declare module '../../core/app-module.js' {
  interface AppServices {
    postal: PostalService;
  }
}

export const postalModule = defineModule({
  name: 'postal',
  setup(ctx) {
    ctx.services.postal = new PostalService(
      { url: ctx.config.POSTAL_LOOKUP_URL, timeoutMs: ctx.config.POSTAL_LOOKUP_TIMEOUT_MS },
      ctx.clock,
      ctx.log,
    );
    return mount(postalRoutes, { postalService: ctx.services.postal });
  },
});
