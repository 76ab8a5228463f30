// `npm run bench:backup -w bench`: backup and restore of an embedded shop (PGlite in DATA_DIR, files
// on disk) of 10,000 offers and 10,000 paid orders, written to bench/results/backup.md with their
// budgets. The backup goes through the server's snapshot socket, as for a running shop.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../../apps/server/src/config.js';
import { backUp, restore, serveSnapshots } from '../../apps/server/src/modules/backup/index.js';
import { migrate, openPglite } from '../../apps/server/src/infra/db/index.js';
import { ProceduralImageGenerator } from '../../apps/server/src/infra/image-generation/index.js';
import { createFileStorage } from '../../apps/server/src/infra/storage/index.js';
import { seedBulkOffers } from '../../apps/server/src/modules/catalog/index.js';
import { loadServerKeys } from '../../apps/server/src/modules/keys/index.js';
import { renderReport, writeReport, type Figure } from './report.js';

const OFFERS = 10_000;
const ORDERS = 10_000;
const SECRET = 'bench-secret-of-at-least-thirty-two-characters';
const reportPath = join(dirname(fileURLToPath(import.meta.url)), '..', 'results', 'backup.md');
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

const root = await mkdtemp(join(tmpdir(), 'pictura-bench-backup-'));
try {
  const config = loadConfig({ DATA_DIR: join(root, 'shop'), JWT_SECRET: SECRET });
  const database = await openPglite({ dataDir: join(config.dataDir, 'db') });
  await migrate(database);
  await loadServerKeys(database.db, SECRET, []);
  const storage = createFileStorage(config);
  await seedBulkOffers({ database, storage, generator: new ProceduralImageGenerator() }, OFFERS);
  await database.client.exec(`
    insert into users (email, password_hash) values ('bench-buyer@example.com', 'not a hash');
    insert into orders (user_id, status, currency, total, gift_card_amount, paid_by_balance,
      paid_by_payment, first_name, last_name, country, city, address1, zip_code,
      javascript_enabled, accept_language, screen_width, screen_height, time_zone, user_agent, paid_at)
    select u.id, 'paid', 'EUR', 500, 0, 500, 0, 'Ada', 'Lovelace', 'ES', 'Madrid', 'Calle Mayor 1',
      '28013', true, 'en', 1280, 800, 'Europe/Madrid', 'bench', now()
      from users u, generate_series(1, ${ORDERS});`);
  const snapshots = await serveSnapshots(database, config.dataDir, quiet);

  const archive = join(root, 'shop.backup');
  let started = performance.now();
  const summary = await backUp({ config, out: archive, passphrase: 'bench passphrase' });
  const backupSeconds = (performance.now() - started) / 1000;
  await snapshots?.close();
  await database.close();

  const target = loadConfig({ DATA_DIR: join(root, 'restored'), JWT_SECRET: SECRET });
  started = performance.now();
  await restore({ config: target, archive, passphrase: 'bench passphrase' });
  const restoreSeconds = (performance.now() - started) / 1000;

  const files = summary.manifest.entries.filter((entry) => entry.name.startsWith('files/')).length;
  const figures: Figure[] = [
    {
      name: 'backup, 10,000 offers and 10,000 orders (PGlite, encrypted)',
      value: Number(backupSeconds.toFixed(2)),
      unit: 's',
      budget: { limit: 60, kind: 'below' },
    },
    { name: 'archive size', value: Number((summary.bytes / 1e6).toFixed(2)), unit: 'MB' },
    {
      name: 'rows in the archive',
      value: Object.values(summary.manifest.counts).reduce((a, b) => a + b, 0),
      unit: 'rows',
    },
    { name: 'files in the archive', value: files, unit: 'files' },
    {
      name: 'restore of that archive',
      value: Number(restoreSeconds.toFixed(2)),
      unit: 's',
      budget: { limit: 120, kind: 'below' },
    },
  ];
  const report = renderReport(figures, reportPath, 'Pictura backup and restore');
  writeReport(reportPath, report);
  console.log(report);
} finally {
  await rm(root, { recursive: true, force: true });
}
