import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.js';
import { type Clock, systemClock } from './core/clock.js';
import { type DatabaseHandle, openDatabase } from './db/database.js';
import { accountRoutes } from './modules/account/account.routes.js';
import { EmailChangeService } from './modules/account/email-change.service.js';
import { assignmentsRoutes } from './modules/assignments/assignments.routes.js';
import { AssignmentsService } from './modules/assignments/assignments.service.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { AuthService } from './modules/auth/auth.service.js';
import { BotCheck } from './modules/auth/bot-check.js';
import { PasswordResetService } from './modules/auth/password-reset.service.js';
import { PhoneSignInService } from './modules/auth/phone-sign-in.service.js';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { DashboardService } from './modules/dashboard/dashboard.service.js';
import { deliveryRoutes } from './modules/delivery/delivery.routes.js';
import { DeliveryService } from './modules/delivery/delivery.service.js';
import { createSmtpTransport, type MailTransport } from './modules/delivery/mail-transport.js';
import type { SmsProvider } from './modules/delivery/sms-provider.js';
import { equipmentRoutes } from './modules/equipment/equipment.routes.js';
import { EquipmentService } from './modules/equipment/equipment.service.js';
import { equipmentTypesRoutes } from './modules/equipment/equipment-types.routes.js';
import { EquipmentTypesService } from './modules/equipment/equipment-types.service.js';
import { type FileStorage, LocalDiskFileStorage } from './modules/files/file-storage.js';
import { filesRoutes } from './modules/files/files.routes.js';
import { globalSearchRoutes } from './modules/global-search/global-search.routes.js';
import { GlobalSearchService } from './modules/global-search/global-search.service.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { inspectionCategoriesRoutes } from './modules/inspection-categories/inspection-categories.routes.js';
import { InspectionCategoriesService } from './modules/inspection-categories/inspection-categories.service.js';
import { inspectionsRoutes } from './modules/inspections/inspections.routes.js';
import { InspectionsService } from './modules/inspections/inspections.service.js';
import { inspectorWorkRoutes } from './modules/inspector-work/inspector-work.routes.js';
import { InspectorWorkService } from './modules/inspector-work/inspector-work.service.js';
import { NotificationBus } from './modules/notifications/notification-bus.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { NotificationsService } from './modules/notifications/notifications.service.js';
import { ScheduledNotificationJob } from './modules/notifications/scheduled-notifications.js';
import { postalRoutes } from './modules/postal/postal.routes.js';
import { PostalService } from './modules/postal/postal.service.js';
import { pushRoutes } from './modules/push/push.routes.js';
import type { PushService } from './modules/push/push.service.js';
import type { PushSender } from './modules/push/push-sender.js';
import { setUpPush } from './modules/push/push-setup.js';
import type { PushWorker } from './modules/push/push-worker.js';
import { settingsRoutes } from './modules/settings/settings.routes.js';
import { SettingsService } from './modules/settings/settings.service.js';
import { sitesRoutes } from './modules/sites/sites.routes.js';
import { SitesService } from './modules/sites/sites.service.js';
import { templatesRoutes } from './modules/templates/templates.routes.js';
import { TemplatesService } from './modules/templates/templates.service.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { UsersService } from './modules/users/users.service.js';
import { API_PREFIX, accessControlPlugin } from './plugins/access-control.js';
import { apiDocsPlugin } from './plugins/api-docs.js';
import { errorHandlerPlugin } from './plugins/error-handler.js';
import { securityPlugin } from './plugins/security.js';
import { webClientPlugin } from './plugins/web-client.js';
import { APP_VERSION } from './version.js';

export interface BuildAppOptions {
  /** An already open database (tests share one); otherwise the app opens and closes its own. */
  database?: DatabaseHandle;
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
  /** How email leaves (tests pass a fake); by default SMTP when SMTP_URL is set, otherwise none. */
  mailTransport?: MailTransport | null;
  /** How SMS leave; by default none, so they stay in the delivery outbox. */
  smsProvider?: SmsProvider | null;
  /** Where uploads are kept; by default DATA_DIR/uploads on the local disk. */
  fileStorage?: FileStorage;
  /** How web push leaves (tests may pass a fake); by default web-push over fetch. */
  pushSender?: PushSender;
}

export interface AppServices {
  auth: AuthService;
  passwordReset: PasswordResetService;
  phoneSignIn: PhoneSignInService;
  emailChange: EmailChangeService;
  notifications: NotificationsService;
  notificationBus: NotificationBus;
  scheduledNotifications: ScheduledNotificationJob;
  push: PushService;
  pushWorker: PushWorker;
  inspectionCategories: InspectionCategoriesService;
  templates: TemplatesService;
  sites: SitesService;
  postal: PostalService;
  delivery: DeliveryService;
  users: UsersService;
  equipmentTypes: EquipmentTypesService;
  equipment: EquipmentService;
  settings: SettingsService;
  assignments: AssignmentsService;
  dashboard: DashboardService;
  inspectorWork: InspectorWorkService;
  inspections: InspectionsService;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: DatabaseHandle;
    services: AppServices;
  }
}

/** Secrets never reach the log, whichever request or object carries them. */
export const LOG_REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.code',
  '*.otp',
  '*.token',
  '*.accessToken',
  '*.passwordHash',
];

export function loggerOptions(config: AppConfig): FastifyServerOptions['logger'] {
  return { level: config.LOG_LEVEL, redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' } };
}

/** The one app builder: the server entry and every test use it. */
export async function buildApp(config: AppConfig, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database =
    options.database ??
    (await openDatabase({
      url: config.DATABASE_URL,
      pgliteDir: config.pgliteDir,
      poolSize: config.DATABASE_POOL_SIZE,
    }));
  if (!options.database) app.addHook('onClose', async () => database.close());

  const clock = options.clock ?? systemClock;
  const mailTransport =
    options.mailTransport !== undefined
      ? options.mailTransport
      : config.SMTP_URL
        ? createSmtpTransport(config.SMTP_URL)
        : null;
  const delivery = new DeliveryService(database.db, clock, {
    from: config.MAIL_FROM,
    transport: mailTransport,
    smsProvider: options.smsProvider ?? null,
    log: app.log,
  });
  app.addHook('onClose', async () => delivery.close());
  const fileStorage = options.fileStorage ?? new LocalDiskFileStorage(config.uploadsDir);
  const authService = new AuthService(database.db, clock, {
    sessionTtlHours: config.SESSION_TTL_HOURS,
    maxFailuresPerAccount: config.LOGIN_MAX_FAILURES_PER_ACCOUNT,
    maxFailuresPerAddress: config.LOGIN_MAX_FAILURES_PER_ADDRESS,
  });
  const botCheck = new BotCheck(database.db, clock, config.ALTCHA_HMAC_KEY);
  const notifications = new NotificationsService(database.db, clock);
  const notificationBus = new NotificationBus(database, app.log);
  await notificationBus.start();
  app.addHook('onClose', async () => notificationBus.close());
  const scheduledNotifications = new ScheduledNotificationJob(database.db, notifications, clock, app.log);
  // Off in tests unless a test starts it; in a server it runs in every process (claims keep it once-only).
  if (config.NODE_ENV !== 'test') {
    app.addHook('onReady', async () =>
      scheduledNotifications.start(config.SCHEDULED_NOTIFICATIONS_INTERVAL_SECONDS * 1000),
    );
  }
  app.addHook('onClose', async () => scheduledNotifications.stop());
  const { push, pushWorker } = setUpPush({
    app,
    config,
    db: database.db,
    clock,
    notifications,
    bus: notificationBus,
    sender: options.pushSender,
  });
  const services: AppServices = {
    auth: authService,
    emailChange: new EmailChangeService(database.db, clock, delivery, { productName: config.PRODUCT_NAME }),
    phoneSignIn: new PhoneSignInService(database.db, clock, delivery, botCheck, authService, {
      productName: config.PRODUCT_NAME,
    }),
    passwordReset: new PasswordResetService(database.db, clock, delivery, {
      productName: config.PRODUCT_NAME,
    }),
    notifications,
    notificationBus,
    scheduledNotifications,
    push,
    pushWorker,
    inspectionCategories: new InspectionCategoriesService(database.db),
    templates: new TemplatesService(database.db, clock),
    sites: new SitesService(database.db, clock),
    postal: new PostalService(
      { url: config.POSTAL_LOOKUP_URL, timeoutMs: config.POSTAL_LOOKUP_TIMEOUT_MS },
      clock,
      app.log,
    ),
    delivery,
    users: new UsersService(database.db, clock, delivery, fileStorage, notifications, {
      publicUrl: config.publicUrl,
      productName: config.PRODUCT_NAME,
    }),
    equipmentTypes: new EquipmentTypesService(database.db, clock),
    equipment: new EquipmentService(database.db, clock),
    settings: new SettingsService(database.db, clock, fileStorage, notifications, {
      companyName: config.PRODUCT_NAME,
    }),
    assignments: new AssignmentsService(database.db, clock, notifications),
    dashboard: new DashboardService(database.db, clock),
    inspectorWork: new InspectorWorkService(database.db, clock, notifications, fileStorage),
    inspections: new InspectionsService(database.db, clock),
  };
  for (const source of services.inspectorWork.overdueSources()) scheduledNotifications.register(source);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('services', services);

  await app.register(errorHandlerPlugin);
  await app.register(securityPlugin, { rateLimitPerMinute: config.RATE_LIMIT_PER_MINUTE });
  await app.register(accessControlPlugin, { authService: services.auth });
  await app.register(apiDocsPlugin, { productName: config.PRODUCT_NAME, version: APP_VERSION });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { database, version: APP_VERSION });
      await api.register(authRoutes, {
        authService: services.auth,
        passwordResetService: services.passwordReset,
        phoneSignInService: services.phoneSignIn,
        botCheck,
      });
      await api.register(notificationsRoutes, {
        notificationsService: services.notifications,
        bus: notificationBus,
        heartbeatMs: config.NOTIFICATION_HEARTBEAT_SECONDS * 1000,
      });
      await api.register(pushRoutes, { pushService: services.push });
      await api.register(inspectionCategoriesRoutes, {
        inspectionCategoriesService: services.inspectionCategories,
      });
      await api.register(templatesRoutes, { templatesService: services.templates });
      await api.register(sitesRoutes, { sitesService: services.sites });
      await api.register(postalRoutes, { postalService: services.postal });
      await api.register(usersRoutes, { usersService: services.users });
      await api.register(filesRoutes, { storage: fileStorage });
      await api.register(equipmentTypesRoutes, { equipmentTypesService: services.equipmentTypes });
      await api.register(equipmentRoutes, { equipmentService: services.equipment });
      await api.register(deliveryRoutes, { deliveryService: services.delivery });
      await api.register(accountRoutes, { emailChangeService: services.emailChange });
      await api.register(settingsRoutes, { settingsService: services.settings });
      await api.register(assignmentsRoutes, { assignmentsService: services.assignments });
      await api.register(globalSearchRoutes, { globalSearchService: new GlobalSearchService(database.db) });
      await api.register(dashboardRoutes, { dashboardService: services.dashboard });
      await api.register(inspectorWorkRoutes, { inspectorWorkService: services.inspectorWork });
      await api.register(inspectionsRoutes, {
        inspectionsService: services.inspections,
        settingsService: services.settings,
        fileStorage,
      });
    },
    { prefix: API_PREFIX },
  );

  await app.register(webClientPlugin, { distDir: config.webDistDir });
  return app;
}
