// A shop selling steadily (purchases paid by balance) is backed up while it sells; the archive,
// restored into an empty place, gives back every row and file as of the snapshot, and a server
// started on it migrates it and serves it. On PGlite always, on PostgreSQL with TEST_DATABASE_URL.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { App } from '../../app.js';
import type { AppConfig } from '../../config.js';
import { c2paSigner } from '../../infra/images/index.js';
import { openPglite, openPostgres, type Database } from '../../infra/db/index.js';
import { createFileStorage } from '../../infra/storage/index.js';
import { signUp, type TestUser } from '../../test/accounts.js';
import {
  purchaseLoop,
  runShopCommand,
  shopRows,
  storedFiles,
  type Purchase,
} from '../../test/backup.js';
import { buildTestApp, seedTestCatalog, testConfig, testEngines, until } from '../../test/index.js';
import { creditBalance } from '../../test/orders.js';
import { adminQuery, assertSafeName, withDatabaseName } from '../../test/postgres-admin.js';
import {
  createSharedPostgres,
  freePort,
  startServerProcess,
  waitUntilHealthy,
} from '../../test/processes.js';
import type { Queryable } from './database-stats.js';
import { backUp, restore, serveSnapshots, type Manifest, type SnapshotService } from './index.js';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const PASSPHRASE = 'a long passphrase for the test';
/** Rows the shop updates in place as it sells: later values may differ from the snapshot's. */
const UPDATED_IN_PLACE = new Set([
  'public.balances',
  'public.receipt_counter',
  'public.idempotency_keys',
  'public.mail_outbox',
]);

const client = (database: Database): Queryable => database.client as unknown as Queryable;

for (const engine of testEngines()) {
  describe(`backup and restore of a selling shop [${engine}]`, () => {
    let root: string;
    let source: Database;
    let sourceUrl: string | undefined;
    let disposeSource: () => Promise<void> = async () => undefined;
    let app: App;
    let snapshots: SnapshotService | undefined;
    let config: AppConfig;
    let target: AppConfig;
    let targetUrl: string | undefined;
    let buyers: TestUser[];
    const archive = () => join(root, 'shop.backup');
    const passphraseFile = () => join(root, 'passphrase');
    let commandEnv: Record<string, string>;

    beforeAll(async () => {
      root = await mkdtemp(join(tmpdir(), 'pictura-backup-'));
      const dataDir = join(root, 'shop');
      if (engine === 'pglite') {
        const template = await readFile(inject('pgliteTemplateFile'));
        source = await openPglite({
          dataDir: join(dataDir, 'db'),
          loadDataDir: new Blob([template]),
        });
        disposeSource = () => source.close();
      } else {
        const shared = await createSharedPostgres();
        ({ database: source, url: sourceUrl } = shared);
        disposeSource = () => shared.dispose();
        const template = inject('postgresTemplate')!;
        const name = assertSafeName(`pictura_restore_${randomBytes(6).toString('hex')}`);
        await adminQuery(template.adminUrl, `create database ${name}`);
        targetUrl = withDatabaseName(template.adminUrl, name);
      }
      const env = { DATA_DIR: dataDir, ...(sourceUrl ? { DATABASE_URL: sourceUrl } : {}) };
      config = testConfig(env);
      commandEnv = { ...env, JWT_SECRET: config.jwtSecret!, LOG_LEVEL: 'silent' };
      target = testConfig({
        DATA_DIR: join(root, 'restored'),
        ...(targetUrl ? { DATABASE_URL: targetUrl } : {}),
      });
      app = await buildTestApp({ database: source, env });
      if (source.kind === 'pglite') snapshots = await serveSnapshots(source, dataDir, quiet);

      await seedTestCatalog(source.db);
      buyers = await Promise.all([1, 2, 3].map(() => signUp(app)));
      for (const buyer of buyers) await creditBalance(source.db, buyer, 10_000_000, 'EUR');
      const storage = createFileStorage(config);
      for (let i = 0; i < 20; i += 1)
        await storage.put(`originals/${i.toString(16).padStart(32, '0')}`, randomBytes(2_000 + i));
      // Larger than a frame of the archive, so it spans several.
      await storage.put('previews/big/1280.webp', randomBytes(3 * 1024 * 1024 + 7));
      await c2paSigner(config); // makes the demo signer in DATA_DIR/c2pa
    }, 60_000);

    afterAll(async () => {
      await snapshots?.close();
      await app?.close();
      await disposeSource();
      const template = inject('postgresTemplate');
      if (targetUrl && template) {
        await adminQuery(
          template.adminUrl,
          `drop database if exists ${new URL(targetUrl).pathname.slice(1)} with (force)`,
        );
      }
      await rm(root, { recursive: true, force: true });
    }, 60_000);

    let manifest: Manifest;
    let purchases: Purchase[];
    let backupStarted: number;
    let backupEnded: number;

    it('backs the shop up while it sells, and no purchase fails', async () => {
      let release = () => undefined as void;
      const stop = new Promise<void>((resolve) => (release = resolve));
      const loop = purchaseLoop(app, buyers, stop);
      const ordersAtLeast = (count: number) => async () => {
        const orders = await countOrders(source);
        return orders >= count ? orders : undefined;
      };
      await until('purchases before the backup', ordersAtLeast(6));
      await writeFile(passphraseFile(), `${PASSPHRASE}\n`);
      backupStarted = performance.now();
      const backup = await runShopCommand(
        'backup',
        ['--out', archive(), '--passphrase-file', passphraseFile()],
        commandEnv,
      );
      backupEnded = performance.now();
      await until(
        'purchases after the backup',
        ordersAtLeast((await countOrders(source)) + 6),
        60_000,
      );
      release();
      purchases = await loop;

      expect(backup.stderr).toBe('');
      expect(backup.code).toBe(0);
      expect(backup.stdout).toContain('Backed up the running shop');
      expect(purchases.filter((purchase) => purchase.status !== 200)).toEqual([]);
      expect(purchases.some((purchase) => purchase.endedAt < backupStarted)).toBe(true);
      expect(purchases.some((purchase) => purchase.startedAt > backupEnded)).toBe(true);
    }, 180_000);

    it('restores every row as of the snapshot into an empty place', async () => {
      manifest = await restore({ config: target, archive: archive(), passphrase: PASSPHRASE });
      expect(manifest.engine).toBe(engine);
      expect(manifest.jwtSecret).toBe('environment');
      const restored =
        engine === 'pglite'
          ? await openPglite({ dataDir: join(target.dataDir, 'db') })
          : await openPostgres(targetUrl!);
      try {
        const before = await shopRows(client(source));
        const after = await shopRows(client(restored));
        expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
        const changedSince = new Set<string>();
        for (const [table, rows] of after) {
          expect(rows.size, table).toBe(manifest.counts[table]);
          if (table.startsWith('pgboss.')) continue; // jobs come and go: counted, not compared
          for (const [key, row] of rows) {
            const now = before.get(table)!.get(key);
            expect(now, `${table} ${key} exists in the shop`).toBeDefined();
            if (row !== now) changedSince.add(table);
          }
        }
        // Rows differ from today's only where the shop updates rows in place as it sells.
        expect([...changedSince].filter((table) => !UPDATED_IN_PLACE.has(table))).toEqual([]);
        // Every purchase answered before the backup began is in; none begun after it ended.
        const orders = after.get('public.orders')!.size;
        expect(orders).toBeGreaterThanOrEqual(
          purchases.filter((p) => p.endedAt < backupStarted).length,
        );
        expect(orders).toBeLessThanOrEqual(
          purchases.filter((p) => p.startedAt < backupEnded).length,
        );
        // The snapshot is one moment: every balance is the sum of its ledger entries.
        const { rows } = await client(restored).query<{ wrong: number }>(`
          select count(*)::int as wrong from balances b
           where b.amount <> (select coalesce(sum(e.amount), 0) from ledger_entries e
                               where e.user_id = b.user_id and e.currency = b.currency)`);
        expect(rows[0]!.wrong).toBe(0);
      } finally {
        await restored.close();
      }
    }, 60_000);

    it('restores every file byte for byte, the server secret and the C2PA signer', async () => {
      const files = await storedFiles(createFileStorage(config));
      const restoredFiles = await storedFiles(createFileStorage(target));
      expect([...restoredFiles.keys()].sort()).toEqual([...files.keys()].sort());
      for (const [key, bytes] of files)
        expect(restoredFiles.get(key)!.equals(bytes), key).toBe(true);
      expect((await readFile(join(target.dataDir, 'jwt-secret'), 'utf8')).trim()).toBe(
        config.jwtSecret,
      );
      const signer = await readdir(join(config.dataDir, 'c2pa'));
      expect(signer.length).toBeGreaterThan(0);
      for (const name of signer) {
        const restoredFile = await readFile(join(target.dataDir, 'c2pa', name));
        expect(restoredFile.equals(await readFile(join(config.dataDir, 'c2pa', name))), name).toBe(
          true,
        );
      }
    }, 60_000);

    it('starts a server on the restored shop, which a backup then reaches while it runs', async () => {
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const server = startServerProcess('restored', 'api', {
        NODE_ENV: 'production',
        SERVE_WEB: 'false',
        LOG_LEVEL: 'warn',
        DEMO_CATALOG: 'false',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: url,
        DATA_DIR: target.dataDir,
        // No JWT_SECRET: the restored secret file must open the restored data key.
        ...(targetUrl ? { DATABASE_URL: targetUrl, WORKER: '0' } : {}),
      });
      try {
        await waitUntilHealthy(server, `${url}/api/health`, 90_000);
        const again = await backUp({
          config: { ...target, jwtSecret: undefined },
          out: join(root, 'again.backup'),
          passphrase: undefined,
        });
        expect(again.live).toBe(true);
        expect(again.manifest.jwtSecret).toBe('file');
        expect(again.manifest.counts['public.orders']).toBe(manifest.counts['public.orders']);
      } finally {
        await server.stop();
      }
    }, 120_000);
  });
}

async function countOrders(database: Database): Promise<number> {
  const { rows } = await client(database).query<{ count: number }>(
    'select count(*)::int as count from orders',
  );
  return rows[0]!.count;
}
