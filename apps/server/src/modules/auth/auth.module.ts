import { defineModule, mount } from '../../core/app-module.js';
import { BackgroundTasks } from '../../core/background-tasks.js';
import { authRoutes } from './auth.routes.js';
import { AuthService } from './auth.service.js';
import { BotCheck } from './bot-check.service.js';
import { PasswordResetService } from './password-reset.service.js';
import { PhoneSignInService } from './phone-sign-in.service.js';

declare module '../../core/app-module.js' {
  interface AppServices {
    auth: AuthService;
    passwordReset: PasswordResetService;
    phoneSignIn: PhoneSignInService;
    /** What sign-in and recovery send after answering; the app's shutdown waits for it. */
    authTasks: BackgroundTasks;
  }
}

export const authModule = defineModule({
  name: 'auth',
  setup(ctx) {
    const { config, db, clock, services } = ctx;
    const auth = new AuthService(db, clock, {
      sessionTtlHours: config.SESSION_TTL_HOURS,
      maxFailuresPerAccount: config.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      maxFailuresPerAddress: config.LOGIN_MAX_FAILURES_PER_ADDRESS,
      sessionCacheMs: config.SESSION_CACHE_MS,
    });
    const botCheck = new BotCheck(db, clock, config.ALTCHA_HMAC_KEY);
    const tasks = new BackgroundTasks(ctx.log);
    ctx.onClose(() => tasks.settled());
    ctx.onClose(() => auth.close());
    services.auth = auth;
    services.authTasks = tasks;
    services.phoneSignIn = new PhoneSignInService(db, clock, services.delivery, botCheck, auth, tasks, {
      productName: config.PRODUCT_NAME,
    });
    services.passwordReset = new PasswordResetService(db, clock, services.delivery, tasks, {
      productName: config.PRODUCT_NAME,
    });
    return mount(authRoutes, {
      authService: services.auth,
      passwordResetService: services.passwordReset,
      phoneSignInService: services.phoneSignIn,
      botCheck,
    });
  },
});
