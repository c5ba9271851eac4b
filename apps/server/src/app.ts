import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { type AppConfig, databaseOptions } from './config.js';
import type { ApiRoutes, AppModule, AppServices, ModuleContext, ModuleOptions } from './core/app-module.js';
import { type Clock, systemClock } from './core/clock.js';
import { type FileStorage, LocalDiskFileStorage } from './core/files/file-storage.js';
import { type DatabaseHandle, openDatabase } from './db/database.js';
import { accountModule } from './modules/account/index.js';
import { activityModule } from './modules/activity/index.js';
import { assignmentsModule } from './modules/assignments/index.js';
import { authModule } from './modules/auth/index.js';
import { correctiveActionsModule } from './modules/corrective-actions/index.js';
import { dashboardModule } from './modules/dashboard/index.js';
import { deliveryModule } from './modules/delivery/index.js';
import { equipmentModule } from './modules/equipment/index.js';
import { equipmentTypesModule } from './modules/equipment-types/index.js';
import { escalationModule } from './modules/escalation/index.js';
import { filesModule } from './modules/files/index.js';
import { globalSearchModule } from './modules/global-search/index.js';
import { healthModule } from './modules/health/index.js';
import { inspectionCategoriesModule } from './modules/inspection-categories/index.js';
import { inspectionsModule } from './modules/inspections/index.js';
import { inspectorWorkModule } from './modules/inspector-work/index.js';
import { notificationsModule } from './modules/notifications/index.js';
import { portalModule } from './modules/portal/index.js';
import { portalRequestsModule } from './modules/portal-requests/index.js';
import { portalShopModule } from './modules/portal-shop/index.js';
import { postalModule } from './modules/postal/index.js';
import { pushModule } from './modules/push/index.js';
import { savedViewsModule } from './modules/saved-views/index.js';
import { schedulesModule } from './modules/schedules/index.js';
import { settingsModule } from './modules/settings/index.js';
import { shopBillsModule } from './modules/shop-bills/index.js';
import { shopCatalogueModule } from './modules/shop-catalogue/index.js';
import { shopOrdersModule } from './modules/shop-orders/index.js';
import { sitesModule } from './modules/sites/index.js';
import { templatesModule } from './modules/templates/index.js';
import { usersModule } from './modules/users/index.js';
import { verificationModule } from './modules/verification/index.js';
import { API_PREFIX, accessControlPlugin } from './plugins/access-control.js';
import { apiDocsPlugin } from './plugins/api-docs.js';
import { compressionPlugin } from './plugins/compression.js';
import { clientErrorHandler, errorHandlerPlugin, frameworkErrorHandler } from './plugins/error-handler.js';
import { securityPlugin } from './plugins/security.js';
import { textInputPlugin } from './plugins/text-input.js';
import { webClientPlugin } from './plugins/web-client.js';
import { APP_VERSION } from './version.js';

/**
 * The server's modules in dependency order: each one's setup may use the services of those before it,
 * and their routes are registered under /api in this order. Adding a module adds one line here.
 */
const modules: AppModule[] = [
  healthModule,
  deliveryModule,
  authModule,
  notificationsModule,
  pushModule,
  inspectionCategoriesModule,
  templatesModule,
  sitesModule,
  postalModule,
  usersModule,
  filesModule,
  equipmentModule,
  equipmentTypesModule,
  accountModule,
  settingsModule,
  assignmentsModule,
  shopCatalogueModule,
  shopBillsModule,
  shopOrdersModule,
  globalSearchModule,
  escalationModule,
  correctiveActionsModule,
  portalRequestsModule,
  portalShopModule,
  schedulesModule,
  dashboardModule,
  activityModule,
  verificationModule,
  inspectorWorkModule,
  inspectionsModule,
  portalModule,
  savedViewsModule,
];

/** What the server entry and the tests may hand in; the modules add theirs (ModuleOptions). */
export interface BuildAppOptions extends ModuleOptions {
  /** An already open database (tests share one); otherwise the app opens and closes its own. */
  database?: DatabaseHandle;
  /**
   * The app's own database, already opening (main.ts starts it while the app's code loads): the app
   * waits for it and closes it, as if it had opened it.
   */
  openingDatabase?: Promise<DatabaseHandle>;
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
  /** Where uploads are kept; by default DATA_DIR/uploads on the local disk. */
  fileStorage?: FileStorage;
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
    // Refusals made before a route runs answer in the one error body too.
    clientErrorHandler,
    frameworkErrors: frameworkErrorHandler,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database =
    options.database ?? (await (options.openingDatabase ?? openDatabase(databaseOptions(config))));
  if (!options.database) app.addHook('onClose', async () => database.close());

  const services = {} as AppServices;
  const context: ModuleContext = {
    config,
    database,
    db: database.db,
    clock: options.clock ?? systemClock,
    log: app.log,
    fileStorage: options.fileStorage ?? new LocalDiskFileStorage(config.uploadsDir),
    options,
    services,
    onReady: (hook) => {
      app.addHook('onReady', async () => {
        await hook();
      });
    },
    onClose: (hook) => {
      app.addHook('onClose', async () => {
        await hook();
      });
    },
  };
  const apiRoutes: ApiRoutes[] = [];
  for (const appModule of modules) {
    const routes = await appModule.setup(context);
    if (routes) apiRoutes.push(routes);
  }
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('services', services);
  // Exports write dates in the organisation's format and zone (core/tabular-export.ts).
  app.decorate('exportDates', async () => {
    const { organisation } = await services.settings.organisation();
    return { dateFormat: organisation.dateFormat, timeZone: organisation.timezone };
  });

  await app.register(compressionPlugin);
  await app.register(errorHandlerPlugin);
  await app.register(securityPlugin, { rateLimitPerMinute: config.RATE_LIMIT_PER_MINUTE, database });
  await app.register(accessControlPlugin, { authService: services.auth });
  await app.register(textInputPlugin);
  await app.register(apiDocsPlugin, { productName: config.PRODUCT_NAME, version: APP_VERSION });

  // Every module's routes under /api, in the order of the modules list.
  await app.register(
    async (api) => {
      for (const register of apiRoutes) await register(api);
    },
    { prefix: API_PREFIX },
  );

  await app.register(webClientPlugin, { distDir: config.webDistDir });
  return app;
}
