import { defineModule, mount } from '../../core/app-module.js';
import { afterStartDelay } from '../../core/background-tasks.js';
import { withFields } from '../../core/with-fields.js';
import { pushRoutes } from './push.routes.js';
import { PushService } from './push.service.js';
import { defaultVapidSubject, type PushSender, WebPushSender } from './push-sender.js';
import { defaultPushWorkerOptions, PushWorker } from './push-worker.js';

declare module '../../core/app-module.js' {
  interface AppServices {
    push: PushService;
    pushWorker: PushWorker;
  }
  interface ModuleOptions {
    /** How web push leaves (tests may pass a fake); by default web-push over fetch. */
    pushSender?: PushSender;
  }
}

/** A push message older than a day is stale news; the push service drops it rather than deliver it late. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;

/**
 * Wires web push into the app: `notify` queues deliveries in its transaction, the VAPID keys
 * exist from the first start, and each server process runs a worker that wakes on its interval
 * and on every new notification (any process's, through the notification bus). As with the
 * scheduled notifications, the worker is not started when NODE_ENV=test: tests call `runOnce`.
 */
export const pushModule = defineModule({
  name: 'push',
  setup(ctx) {
    const { config, db, clock, services } = ctx;
    const push = new PushService(db, clock, { allowHttpEndpoints: config.PUSH_ALLOW_HTTP_ENDPOINTS });
    services.notifications.onCreated((tx, rows) => push.enqueue(tx, rows));
    const pushWorker = new PushWorker(
      db,
      clock,
      ctx.options.pushSender ??
        new WebPushSender({
          vapidSubject: config.VAPID_SUBJECT ?? defaultVapidSubject(config.MAIL_FROM, config.publicUrl),
          timeoutMs: config.PUSH_TIMEOUT_MS,
          ttlSeconds: PUSH_TTL_SECONDS,
        }),
      () => push.vapidKeys(),
      ctx.log,
      withFields(defaultPushWorkerOptions, { timeoutMs: config.PUSH_TIMEOUT_MS }),
    );
    let cancelFirstRun = () => {};
    ctx.onReady(async () => {
      await push.vapidKeys();
      if (config.NODE_ENV !== 'test')
        cancelFirstRun = afterStartDelay(() => pushWorker.start(config.PUSH_WORKER_INTERVAL_SECONDS * 1000));
    });
    const stopWaking = services.notificationBus.onAnyNotification(() => pushWorker.wake());
    ctx.onClose(async () => {
      cancelFirstRun();
      stopWaking();
      await pushWorker.stop();
    });
    services.push = push;
    services.pushWorker = pushWorker;
    return mount(pushRoutes, { pushService: push });
  },
});
