// Process entry: configuration, database, migrations, HTTP server, graceful shutdown.
import closeWithGrace from 'close-with-grace';
import { buildApp, type App } from './app.js';
import { ConfigError, loadConfig, type AppConfig } from './config.js';
import { serveSnapshots, type SnapshotService } from './modules/backup/index.js';
import { createDatabase, migrate, type Database } from './infra/db/index.js';
import { ProceduralImageGenerator } from './infra/image-generation/index.js';
import { startProcessMetrics, type MetricsServer } from './infra/metrics/index.js';
import { createFileStorage } from './infra/storage/index.js';
import { SHUTDOWN_GRACE_MS, shutdown } from './lifecycle.js';
import { createLogger } from './logger.js';
import { seedDemoCatalog } from './modules/catalog/index.js';

function readConfig(): AppConfig {
  try {
    return loadConfig(process.env);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    // A bad variable stops start-up with a message naming it (no stack: it is not a bug).
    console.error(err.message);
    process.exit(1);
  }
}

const config = readConfig();
const logger = createLogger(config);
let database: Database | undefined;
let app: App | undefined;
let metrics: MetricsServer | undefined;
let snapshots: SnapshotService | undefined;

try {
  // The store first: a wrong bucket stops the start at once, before a database is opened.
  const storage = createFileStorage(config);
  await storage.check();
  database = await createDatabase(config, logger);
  await migrate(database);
  // Start-up work that needs the migrated database, such as seeding an empty one, goes here:
  // before the app is built, so that no request sees a half-prepared database.
  if (config.demoCatalog) {
    await seedDemoCatalog({
      database,
      storage,
      generator: new ProceduralImageGenerator(),
      logger,
      publicUrl: config.publicUrl,
    });
  }

  app = await buildApp({ config, database, storage, logger });
  metrics = await startProcessMetrics(config, database, logger);
  // PGlite is this process's alone: `npm run backup` asks it for a snapshot over a local socket.
  if (database.kind === 'pglite')
    snapshots = await serveSnapshots(database, config.dataDir, logger);
  const running = { app, database, metrics, snapshots };
  closeWithGrace({ delay: SHUTDOWN_GRACE_MS, logger }, async ({ signal, err }) => {
    if (err) logger.error({ err }, 'shutting down after an unexpected error');
    else logger.info({ signal }, 'shutting down');
    // The scraper sees the process go when it does: the metrics endpoint closes last.
    try {
      await running.snapshots?.close();
      await shutdown(running);
    } finally {
      await running.metrics?.close();
    }
  });

  await app.listen({ host: config.host, port: config.port });
  logger.info(`Pictura is running at ${config.publicUrl}`);
} catch (err) {
  logger.fatal({ err }, 'start-up failed');
  await app?.close();
  await metrics?.close();
  await snapshots?.close();
  await database?.close();
  process.exitCode = 1;
}
