import type { FastifyBaseLogger, FastifyInstance, FastifyPluginOptions } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppConfig } from '../config.js';
import type { Database, DatabaseHandle } from '../db/database.js';
import type { Clock } from './clock.js';
import type { FileStorage } from './files/file-storage.js';

/**
 * Every module's services, by name (`app.services` in the app and the tests). Empty here, since
 * core knows no module: each module adds its own entries in its `<module>.module.ts`:
 *
 *     declare module '../../core/app-module.js' {
 *       interface AppServices { sites: SitesService }
 *     }
 */
// biome-ignore lint/suspicious/noEmptyInterface: the modules fill it by declaration merging.
export interface AppServices {}

/**
 * What the server entry and the tests may hand to `buildApp` for a module (a fake mail transport,
 * a push sender …). Empty here: the module that reads an option declares it, as for AppServices.
 */
// biome-ignore lint/suspicious/noEmptyInterface: the modules fill it by declaration merging.
export interface ModuleOptions {}

/** A hook the app runs when it is ready (after every module is set up) or when it closes. */
type LifecycleHook = () => Promise<void> | void;

/** What a module gets to set itself up: the infrastructure, the options, the services before it. */
export interface ModuleContext {
  config: AppConfig;
  database: DatabaseHandle;
  /** `database.db`, the one most services take. */
  db: Database;
  clock: Clock;
  log: FastifyBaseLogger;
  fileStorage: FileStorage;
  options: ModuleOptions;
  /**
   * The services of the modules set up so far (app.ts's list is in dependency order). A module
   * adds its own here; another module's are read from here rather than imported.
   */
  services: AppServices;
  /** Runs `hook` once the app is ready (e.g. to start a background job). */
  onReady(hook: LifecycleHook): void;
  /** Runs `hook` when the app closes (e.g. to stop a job or close a connection). */
  onClose(hook: LifecycleHook): void;
}

/** One module's routes, registered on the /api scope. */
export type ApiRoutes = (api: FastifyInstance) => Promise<void>;

/** Pairs a routes plugin with its options, checked against each other. */
export function mount<O extends FastifyPluginOptions>(
  plugin: FastifyPluginAsyncZod<O>,
  options: O,
): ApiRoutes {
  return async (api) => {
    await api.register(plugin, options);
  };
}

/** A server module as app.ts sees it: a name and a setup that answers the module's routes. */
export interface AppModule {
  /** The module's folder name. */
  name: string;
  /** Builds the module's services into `ctx.services`, adds its hooks and answers its routes. */
  setup(ctx: ModuleContext): Promise<ApiRoutes | undefined> | ApiRoutes | undefined;
}

/** Declares a module (the identity: it only checks the shape and keeps the types). */
export function defineModule(module: AppModule): AppModule {
  return module;
}
