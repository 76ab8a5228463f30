// The download of a purchased full-resolution file: the real server on a fresh PostgreSQL
// database sends the file its fulfilment made, marked and signed, at 10 connections. Signing is not
// measured here: it happens once, when the order is paid (docs/decisions/catalog/README.md).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { apiPaths, PurchasedArtworkListSchema } from '@pictura/contract';
import { loadConfig } from '../../apps/server/src/config.js';
import { createFileStorage } from '../../apps/server/src/infra/storage/index.js';
import { purchaseDownloadKey } from '../../apps/server/src/modules/catalog/index.js';
import { floorP99 } from './download-floor.js';
import { processCpuMs } from './process-cpu.js';
import type { Figure } from './report.js';
import {
  createFreshDatabase,
  creditBalances,
  orderBody,
  postgresAnswers,
  seedCatalog,
  signUpUsers,
  type ShopUser,
} from './shop-fixture.js';
import { LOAD_CLIENT_LIMITS, startShopServer } from './shop-server.js';

const PORT = 3843;
const OFFERS = 10;
// Signing a 1,920-pixel JPEG takes about half a second on an idle core; a busy machine, longer.
const SIGNED_WITHIN_MS = 120_000;
/** The budget: a download sends stored bytes, so its p99 stays under this at 10 connections. */
export const DOWNLOAD_P99_BUDGET_MS = 50;
export const DOWNLOAD_FIGURE = 'full-resolution download (10 connections) p99';

export interface DownloadBenchOptions {
  /** Seconds of load for the figure (after one second of warm-up). */
  seconds: number;
  connections: number;
}

/** Buys one full-resolution variant by balance; answers its download path and storage key. */
async function buyFullResolution(
  baseUrl: string,
  user: ShopUser,
  attributeId: number,
): Promise<{ downloadUrl: string; storageKey: string }> {
  const headers = { authorization: `Bearer ${user.accessToken}` };
  const placed = await fetch(`${baseUrl}${apiPaths.orders}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': 'bench-1' },
    body: JSON.stringify(orderBody([attributeId], 'EUR')),
  });
  if (!placed.ok) throw new Error(`download bench: the order answered ${placed.status}`);
  const artworks = PurchasedArtworkListSchema.parse(
    await (await fetch(`${baseUrl}${apiPaths.artworks}`, { headers })).json(),
  );
  const [artwork] = artworks;
  // The share picture's URL names the original's key: /api/images/{imageKey}/share.jpg.
  const imageKey = artwork?.image.share.split('/').at(-2);
  if (!artwork || !imageKey) throw new Error('download bench: the purchase is not listed');
  return {
    downloadUrl: artwork.downloadUrl,
    storageKey: purchaseDownloadKey(imageKey, 'full', artwork.id),
  };
}

/**
 * p50, p99 and requests per second of GET /api/artworks/{id}/download of a full-resolution file
 * kept at fulfilment, on PostgreSQL (BENCH_DATABASE_URL, else the local server); no figures, with
 * a message, when it does not answer. Fails unless the file was kept before the first download
 * and every answer is a 200.
 */
export async function measureDownload(options: DownloadBenchOptions): Promise<Figure[]> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  if (!(await postgresAnswers(adminUrl))) {
    console.error('bench: download skipped: it needs PostgreSQL (set BENCH_DATABASE_URL).');
    return [];
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'pictura-download-'));
  const fresh = await createFreshDatabase(adminUrl, 'pictura_download');
  const server = await (async () => {
    await seedCatalog(fresh.database, dataDir, OFFERS);
    return startShopServer({
      entry: 'source',
      port: PORT,
      databaseUrl: fresh.url,
      dataDir,
      env: LOAD_CLIENT_LIMITS,
    });
  })();
  try {
    const [user] = await signUpUsers(server.baseUrl, fresh.database, 1);
    if (!user) throw new Error('download bench: no user');
    await creditBalances(fresh.database, [{ userId: user.userId, amount: 1_000_000 }], 'EUR');
    const full = await fresh.database.client.query<{ id: number }>(
      `select id from offer_attributes where kind = 'full' order by id limit 1`,
    );
    const attributeId = full.rows[0]?.id;
    if (attributeId === undefined) throw new Error('download bench: no full-resolution variant');
    const bought = await buyFullResolution(server.baseUrl, user, attributeId);

    // The file is made by the worker after payment; nothing has downloaded it yet.
    const storage = createFileStorage(loadConfig({ DATA_DIR: dataDir }));
    const deadline = Date.now() + SIGNED_WITHIN_MS;
    let kept = await storage.get(bought.storageKey);
    while (!kept) {
      if (Date.now() > deadline)
        throw new Error('download bench: the file was not made at payment');
      await new Promise((resolve) => setTimeout(resolve, 200));
      kept = await storage.get(bought.storageKey);
    }
    console.error(`bench: full-resolution download of ${kept.byteLength} bytes, on postgres`);

    const settings = {
      url: `${server.baseUrl}${bought.downloadUrl}`,
      connections: options.connections,
      headers: { authorization: `Bearer ${user.accessToken}` },
    };
    let result: autocannon.Result | undefined;
    let cpuMs: number | undefined;
    for (const duration of [1, options.seconds]) {
      const cpuBefore = await processCpuMs(server.pid);
      result = await autocannon({ ...settings, duration });
      const cpuAfter = await processCpuMs(server.pid);
      cpuMs = cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore;
      if (result.errors > 0 || result.non2xx > 0) {
        throw new Error(
          `download: ${result.errors} errors, ${result.non2xx} answers other than 2xx`,
        );
      }
    }
    // Every answer must have been the kept file, whole.
    const bytesPerAnswer = (result?.throughput.total ?? 0) / (result?.requests.total || 1);
    if (bytesPerAnswer < kept.byteLength) {
      throw new Error(
        `download: ${Math.round(bytesPerAnswer)} bytes an answer, not the whole file`,
      );
    }
    const shopP99 = result?.latency.p99 ?? 0;
    const floor = await floorP99(kept, {
      dir: dataDir,
      connections: options.connections,
      seconds: options.seconds,
    });
    return [
      {
        name: 'full-resolution download (10 connections) p50',
        value: result?.latency.p50 ?? 0,
        unit: 'ms',
      },
      {
        name: DOWNLOAD_FIGURE,
        value: shopP99,
        unit: 'ms',
        budget: { limit: DOWNLOAD_P99_BUDGET_MS, kind: 'below' },
      },
      { name: 'bare Node file server, same file (10 connections) p99', value: floor, unit: 'ms' },
      {
        name: 'download p99 / bare file server p99',
        value: Math.round((shopP99 / floor) * 100) / 100,
        unit: 'ratio',
      },
      {
        name: 'full-resolution download (10 connections) requests/s',
        value: Math.round((result?.requests.average ?? 0) * 100) / 100,
        unit: 'req/s',
      },
      { name: 'full-resolution download file size', value: kept.byteLength, unit: 'bytes' },
      // The server's own work per download: it moves less than latency with other work on the
      // machine (though a machine loaded well past its cores inflates it too).
      ...(cpuMs === undefined
        ? []
        : [
            {
              name: 'server CPU time per download',
              value: Math.round((cpuMs / (result?.requests.total || 1)) * 100) / 100,
              unit: 'ms',
            },
          ]),
    ];
  } finally {
    await server.stop();
    await fresh.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
