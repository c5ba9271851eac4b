import { ConfigError, databaseOptions, loadConfig } from './config.js';
import { openDatabase } from './db/database.js';

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  // The database opens (PGlite's WebAssembly, migrations check) while the app's code loads: the
  // modules are imported only now, so both proceed at once (docs/performance.md, server start).
  const openingDatabase = openDatabase(databaseOptions(config));
  // Until buildApp takes it over, a failed open is reported by the await below, not as unhandled.
  openingDatabase.catch(() => {});
  const [{ buildApp }, { bootstrapDatabase }] = await Promise.all([
    import('./app.js'),
    import('./seed/bootstrap.js'),
  ]);

  const app = await buildApp(config, { openingDatabase });
  await bootstrapDatabase(app.database.db, config, app.log, () => app.services.shopOrders.loadDemo());

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    // A stuck request must not keep the process (and the database lock) forever.
    const timer = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    timer.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.HOST, port: config.PORT });
  app.log.info(
    `${config.PRODUCT_NAME} is serving on http://localhost:${config.PORT} (${app.database.driver})`,
  );
}

main().catch((error: unknown) => {
  console.error('The server could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
