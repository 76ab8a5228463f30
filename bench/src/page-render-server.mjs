// Child process of the page rendering benchmark (page-render.ts): the server's build (what
// `npm start` runs: apps/server/dist, rendering pages with the web build's server module), on the
// database the parent seeded, plus one route that answers a precomputed page (the ceiling). Plain
// JavaScript run by plain Node: under tsx every `import()` a render makes (a page's module) would
// cross to tsx's loader thread, a cost production does not have.
//
// It listens on BENCH_PORT; the parent sends one JSON command per stdin line and reads
// `BENCH {...}` lines from stdout: `{"prime": path}` makes that page's HTML the ceiling's body.
import { createInterface } from 'node:readline';
import { buildApp } from '../../apps/server/dist/app.js';
import { loadConfig } from '../../apps/server/dist/config.js';
import { openPostgres } from '../../apps/server/dist/infra/db/index.js';

const say = (message) => process.stdout.write(`BENCH ${JSON.stringify(message)}\n`);

const {
  BENCH_DATABASE_URL: databaseUrl,
  BENCH_DATA_DIR: dataDir,
  BENCH_PORT: port,
  BENCH_CEILING_PATH: ceilingPath,
} = process.env;
if (!databaseUrl || !dataDir || !port || !ceilingPath) {
  throw new Error(
    'BENCH_DATABASE_URL, BENCH_DATA_DIR, BENCH_PORT and BENCH_CEILING_PATH are required',
  );
}
// React picks its production build from the process's own NODE_ENV, not from the app's config.
if (process.env.NODE_ENV !== 'production') throw new Error('NODE_ENV must be production');

const config = loadConfig({
  NODE_ENV: 'production',
  ALLOW_SANDBOX_PAYMENTS: 'true',
  LOG_LEVEL: 'warn',
  SERVE_WEB: 'true',
  DEMO_CATALOG: 'false',
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl,
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  PORT: port,
  // Every request comes from 127.0.0.1.
  RATE_LIMIT_MAX: '1000000',
});
const database = await openPostgres(databaseUrl);
const app = await buildApp({ config, database });

// The ceiling: the same server sending a page it already holds as a string, with the page's type.
let ceiling = '';
app.get(ceilingPath, { schema: { hide: true } }, async (_request, reply) =>
  reply.type('text/html; charset=utf-8').send(ceiling),
);
await app.listen({ host: '127.0.0.1', port: Number(port) });
say({ ready: true });

for await (const line of createInterface({ input: process.stdin })) {
  const command = JSON.parse(line);
  if (!('prime' in command)) break;
  // Rendered by the app itself, so the ceiling's body is byte for byte the page's.
  const response = await app.inject({ method: 'GET', url: command.prime });
  ceiling = response.body;
  say({ primed: response.statusCode, bytes: Buffer.byteLength(ceiling) });
}
await app.close();
await database.close();
say({ closed: true });
