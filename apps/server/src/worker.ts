// Worker process entry (`npm run worker`, docs/product/system.md): runs the job queue's workers
// (image generation, mail, data exports and paid orders' files) without an HTTP server, next to API
// processes started with WORKER=0. Several may run against one database.
import closeWithGrace from 'close-with-grace';
import { ConfigError, loadConfig, type AppConfig } from './config.js';
import { createDatabase, migrate, type Database } from './infra/db/index.js';
import { startProcessMetrics, type MetricsServer } from './infra/metrics/index.js';
import { loadServerSecret } from './infra/secret.js';
import { loadServerKeys } from './modules/keys/index.js';
import { createFileStorage } from './infra/storage/index.js';
import { SHUTDOWN_GRACE_MS } from './lifecycle.js';
import { createLogger } from './logger.js';
import { startMailDelivery } from './mail-delivery.js';
import type { MailRuntime } from './modules/mail/index.js';
import { startGenerationRuntime, type GenerationRuntime } from './modules/generation/index.js';
import { startDeliveryRuntime, type DeliveryRuntime } from './modules/orders/index.js';
import { startDataExportRuntime, type DataExportRuntime } from './modules/privacy/index.js';

function readConfig(): AppConfig {
  try {
    return loadConfig(process.env);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
}

const config = readConfig();
const logger = createLogger(config);
if (!config.databaseUrl) {
  // PGlite lives inside one process: a worker of its own cannot open the API's database.
  logger.fatal(
    'npm run worker needs DATABASE_URL (PostgreSQL); with the embedded database the API process runs the workers itself (WORKER=1)',
  );
  process.exit(1);
}
let database: Database | undefined;
let runtime: GenerationRuntime | undefined;
let mail: MailRuntime | undefined;
let exports: DataExportRuntime | undefined;
let deliveries: DeliveryRuntime | undefined;
let metrics: MetricsServer | undefined;

try {
  const storage = createFileStorage(config);
  await storage.check();
  database = await createDatabase(config, logger);
  // The API may not have started yet: the tables the jobs touch must exist before the first one.
  await migrate(database);
  runtime = await startGenerationRuntime({
    config,
    database,
    storage,
    log: logger,
    runWorkers: true,
  });
  // Queued mail is opened with a key derived from the data key, which the API's JWT_SECRET unwraps.
  const secret = await loadServerSecret(config);
  const keys = await loadServerKeys(database.db, secret, config.jwtSecretPrevious);
  mail = await startMailDelivery({
    config,
    database,
    secret: keys.data,
    log: logger,
    runWorkers: true,
  });
  exports = await startDataExportRuntime({
    config,
    database,
    storage,
    outbox: mail.outbox,
    log: logger,
    runWorkers: true,
  });
  deliveries = await startDeliveryRuntime({
    config,
    database,
    storage,
    log: logger,
    runWorkers: true,
  });
  metrics = await startProcessMetrics(config, database, logger);
  const running = { database, runtime, mail, exports, deliveries, metrics };
  closeWithGrace({ delay: SHUTDOWN_GRACE_MS, logger }, async ({ signal, err }) => {
    if (err) logger.error({ err }, 'worker shutting down after an unexpected error');
    else logger.info({ signal }, 'worker shutting down');
    // Running jobs are aborted and recorded as failed attempts: another worker retries them.
    try {
      await Promise.all([
        running.runtime.stop(),
        running.mail.stop(),
        running.exports.stop(),
        running.deliveries.stop(),
      ]);
    } finally {
      await running.metrics?.close();
      await running.database.close();
    }
  });
  logger.info(
    { concurrency: config.generation.concurrency, provider: config.imageGeneration.provider },
    'Pictura worker is running',
  );
} catch (err) {
  logger.fatal({ err }, 'worker start-up failed');
  await runtime?.stop();
  await exports?.stop();
  await deliveries?.stop();
  await mail?.stop();
  await metrics?.close();
  await database?.close();
  process.exitCode = 1;
}
