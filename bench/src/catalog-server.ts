// Child process of the catalog benchmark (catalog-reads.ts): the real app (buildApp) on a fresh database of its own,
// plus one route answering a precomputed body, listening on loopback. The parent drives it with
// one JSON command per stdin line and reads `BENCH {...}` lines from stdout.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';
import {
  migrate,
  openPglite,
  openPostgres,
  type Database,
} from '../../apps/server/src/infra/db/index.js';
import { ProceduralImageGenerator } from '../../apps/server/src/infra/image-generation/index.js';
import { createFileStorage } from '../../apps/server/src/infra/storage/index.js';
import { seedBulkOffers } from '../../apps/server/src/modules/catalog/index.js';
import { CEILING_PATH, MESSAGE_PREFIX, type Command, type Message } from './catalog-protocol.js';

const say = (message: Message) =>
  process.stdout.write(`${MESSAGE_PREFIX}${JSON.stringify(message)}\n`);

async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A fresh PostgreSQL database when the server answers, otherwise PGlite in a temporary folder. */
async function openFreshDatabase(
  dataDir: string,
): Promise<{ database: Database; drop(): Promise<void> }> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  try {
    const name = `pictura_bench_${randomBytes(5).toString('hex')}`;
    await adminQuery(adminUrl, `create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = await openPostgres(url.toString());
    return {
      database,
      drop: () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`),
    };
  } catch {
    return { database: await openPglite({ dataDir: join(dataDir, 'db') }), drop: async () => {} };
  }
}

const dataDir = await mkdtemp(join(tmpdir(), 'pictura-bench-'));
const { database, drop } = await openFreshDatabase(dataDir);
await migrate(database);
const config = loadConfig({
  NODE_ENV: 'production',
  ALLOW_SANDBOX_PAYMENTS: 'true',
  LOG_LEVEL: 'silent',
  SERVE_WEB: 'false',
  DATA_DIR: dataDir,
  RATE_LIMIT_MAX: '1000000',
});
const app = await buildApp({ config, database });
let ceiling = '{}';
app.get(CEILING_PATH, async (_request, reply) =>
  reply.type('application/json; charset=utf-8').send(ceiling),
);
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
say({ ready: true, engine: database.kind, port: typeof address === 'object' ? address?.port : 0 });

let seeded = 0;
const deps = {
  database,
  storage: createFileStorage(config),
  generator: new ProceduralImageGenerator(),
};
for await (const line of createInterface({ input: process.stdin })) {
  const command = JSON.parse(line) as Command;
  if ('seed' in command) {
    await seedBulkOffers(deps, command.seed);
    seeded += command.seed;
    say({ seeded });
  } else if ('prime' in command) {
    // The ceiling answers exactly what the search answers, without doing the work.
    const response = await app.inject({ method: 'GET', url: command.prime });
    ceiling = response.body;
    say({ primed: response.statusCode, bytes: Buffer.byteLength(ceiling) });
  } else {
    break;
  }
}
await app.close();
await database.close();
await drop();
await rm(dataDir, { recursive: true, force: true });
say({ closed: true });
