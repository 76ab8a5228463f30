// `npm run seed`: the demo catalog on an empty database, then the files of an older catalog brought
// up to date (derived downloads, previews with marks; once per picture); `npm run seed -- --offers N`:
// N more offers for benchmarks. Uses the same configuration (DATABASE_URL, DATA_DIR) as the server.
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type AppConfig } from '../config.js';
import { createDatabase, migrate } from '../infra/db/index.js';
import { ProceduralImageGenerator } from '../infra/image-generation/index.js';
import { createFileStorage } from '../infra/storage/index.js';
import { createLogger } from '../logger.js';
import { migrateCatalogFiles, seedBulkOffers, seedDemoCatalog } from '../modules/catalog/index.js';
import { progressReport } from './progress.js';

const MAX_OFFERS = 1_000_000;
const USAGE = `Usage: npm run seed [-- --offers N]   (N from 1 to ${MAX_OFFERS})`;

function offersWanted(): number | undefined {
  const { values } = parseArgs({ options: { offers: { type: 'string' } }, strict: true });
  if (values.offers === undefined) return undefined;
  const offers = /^\d+$/.test(values.offers) ? Number(values.offers) : NaN;
  if (!(offers >= 1 && offers <= MAX_OFFERS)) throw new RangeError(USAGE);
  return offers;
}

function readInputs(): { wanted: number | undefined; config: AppConfig } {
  try {
    return { wanted: offersWanted(), config: loadConfig(process.env) };
  } catch (err) {
    // A wrong argument or variable is not a bug: the message, no stack.
    console.error(err instanceof ConfigError || err instanceof RangeError ? err.message : USAGE);
    process.exit(1);
  }
}

const { wanted, config } = readInputs();
const logger = createLogger(config);
const database = await createDatabase(config, logger);
try {
  await migrate(database);
  const storage = createFileStorage(config);
  await storage.check();
  const deps = {
    database,
    storage,
    generator: new ProceduralImageGenerator(),
    logger,
  };
  if (wanted === undefined) {
    const { created } = await seedDemoCatalog({ ...deps, publicUrl: config.publicUrl });
    if (!created) logger.info('the database already has a catalog: no demo catalog added');
    const progress = progressReport('Updating picture files');
    const migrated = await migrateCatalogFiles(
      { database, storage, publicUrl: config.publicUrl },
      { onProgress: ({ done, total }) => total > 0 && progress.update(done, total) },
    );
    progress.stop();
    if (migrated.missing > 0) {
      logger.warn({ missing: migrated.missing }, 'pictures without an original left as they were');
    }
    logger.info({ pictures: migrated.total - migrated.missing }, 'picture files up to date');
  } else {
    const started = Date.now();
    await seedBulkOffers(deps, wanted, {
      onProgress: (added) => logger.info({ added, of: wanted }, 'adding offers'),
    });
    logger.info({ offers: wanted, ms: Date.now() - started }, 'offers added');
  }
} catch (err) {
  logger.fatal({ err }, 'seeding failed');
  process.exitCode = 1;
} finally {
  await database.close();
}
