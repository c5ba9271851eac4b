import { defineModule, mount } from '../../core/app-module.js';
import { userSessions } from '../auth/index.js';
import { NotificationBus } from './notification-bus.js';
import { NotificationEmails } from './notification-emails.js';
import { notificationsRoutes } from './notifications.routes.js';
import { NotificationsService } from './notifications.service.js';

declare module '../../core/app-module.js' {
  interface AppServices {
    notifications: NotificationsService;
    notificationBus: NotificationBus;
    notificationEmails: NotificationEmails;
  }
}

export const notificationsModule = defineModule({
  name: 'notifications',
  async setup(ctx) {
    const { config, clock, log, services } = ctx;
    const notifications = new NotificationsService(ctx.db, clock);
    const bus = new NotificationBus(ctx.database, log);
    await bus.start();
    // The client's kinds also go by e-mail: queued with the notification, sent once it committed.
    const emails = new NotificationEmails(
      services.delivery,
      { publicUrl: config.publicUrl, productName: config.PRODUCT_NAME },
      log,
    );
    notifications.onCreated((tx, rows) => emails.queue(tx, rows));
    const stopEmailing = bus.onAnyNotification((signal) => emails.committed(signal.id));
    // Another process's revocation reaches this process's session cache here.
    const stopForgetting = bus.onAnySessionsEnded((ended) => userSessions.ended(ended));
    const stopDistrusting = bus.onReconnected(() => userSessions.signalsMissed());
    ctx.onClose(async () => {
      stopEmailing();
      stopForgetting();
      stopDistrusting();
      await emails.settled();
      await bus.close();
    });
    services.notifications = notifications;
    services.notificationBus = bus;
    services.notificationEmails = emails;
    return mount(notificationsRoutes, {
      notificationsService: notifications,
      bus,
      heartbeatMs: config.NOTIFICATION_HEARTBEAT_SECONDS * 1000,
    });
  },
});
