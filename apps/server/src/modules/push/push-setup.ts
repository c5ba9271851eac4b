import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { Clock } from '../../core/clock.js';
import type { Database } from '../../db/database.js';
import type { NotificationBus } from '../notifications/notification-bus.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import { PushService } from './push.service.js';
import { defaultVapidSubject, type PushSender, WebPushSender } from './push-sender.js';
import { defaultPushWorkerOptions, PushWorker } from './push-worker.js';

/** A push message older than a day is stale news; the push service drops it rather than deliver it late. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;

export interface PushSetup {
  app: FastifyInstance;
  config: AppConfig;
  db: Database;
  clock: Clock;
  notifications: NotificationsService;
  bus: NotificationBus;
  /** Tests may hand in another sender; by default web-push over fetch. */
  sender?: PushSender | undefined;
}

/**
 * Wires web push into the app: `notify` queues deliveries in its transaction, the VAPID keys
 * exist from the first start, and each server process runs a worker that wakes on its interval
 * and on every new notification (any process's, through the notification bus). As with the
 * scheduled notifications, the worker is not started when NODE_ENV=test: tests call `runOnce`.
 */
export function setUpPush({ app, config, db, clock, notifications, bus, sender }: PushSetup) {
  const push = new PushService(db, clock, { allowHttpEndpoints: config.PUSH_ALLOW_HTTP_ENDPOINTS });
  notifications.onCreated((tx, rows) => push.enqueue(tx, rows));
  const pushWorker = new PushWorker(
    db,
    clock,
    sender ??
      new WebPushSender({
        vapidSubject: config.VAPID_SUBJECT ?? defaultVapidSubject(config.MAIL_FROM, config.publicUrl),
        timeoutMs: config.PUSH_TIMEOUT_MS,
        ttlSeconds: PUSH_TTL_SECONDS,
      }),
    () => push.vapidKeys(),
    app.log,
    { ...defaultPushWorkerOptions, timeoutMs: config.PUSH_TIMEOUT_MS },
  );
  app.addHook('onReady', async () => {
    await push.vapidKeys();
    if (config.NODE_ENV !== 'test') pushWorker.start(config.PUSH_WORKER_INTERVAL_SECONDS * 1000);
  });
  const stopWaking = bus.onAnyNotification(() => pushWorker.wake());
  app.addHook('onClose', async () => {
    stopWaking();
    await pushWorker.stop();
  });
  return { push, pushWorker };
}
