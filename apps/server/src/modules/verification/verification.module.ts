import { defineModule, mount } from '../../core/app-module.js';
import { verificationRoutes } from './verification.routes.js';
import { VerificationService } from './verification.service.js';

declare module '../../core/app-module.js' {
  interface AppServices {
    verification: VerificationService;
  }
}

export const verificationModule = defineModule({
  name: 'verification',
  setup(ctx) {
    const verification = new VerificationService(ctx.db, ctx.clock, ctx.fileStorage, ctx.log);
    ctx.services.verification = verification;
    // The key is made (first start) or loaded before the first request, so a submit never waits on it.
    ctx.onReady(async () => {
      await verification.signingKey();
    });
    // Completed inspections without a seal (before this feature) are sealed after start, in the
    // background, so the server answers at once; closing stops it between batches. Tests run it themselves.
    if (ctx.config.NODE_ENV !== 'test') {
      let stopped = false;
      let running: Promise<unknown> | null = null;
      ctx.onReady(() => {
        running = new Promise((resolve) => setImmediate(resolve))
          .then(() => verification.sealBacklog(() => stopped))
          .catch((err: unknown) => ctx.log.error({ err }, 'sealing the backlog failed'));
      });
      ctx.onClose(async () => {
        stopped = true;
        await running;
      });
    }
    return mount(verificationRoutes, { verificationService: verification });
  },
});
