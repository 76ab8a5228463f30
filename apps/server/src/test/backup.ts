// Helpers of the backup and restore tests: a shop's rows and files as comparable values, and a
// steady loop of purchases paid by balance.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { App } from '../app.js';
import type { Queryable } from '../modules/backup/index.js';
import type { FileStorage } from '../infra/storage/index.js';
import type { TestUser } from './accounts.js';
import { orderRequest, postOrder } from './orders.js';

/** Every row of every table, keyed by table then by primary key (the whole row without one). */
export type ShopRows = Map<string, Map<string, string>>;

export async function shopRows(db: Queryable): Promise<ShopRows> {
  const { rows: tables } = await db.query<{ name: string; key: string[] | null }>(`
    select format('%I.%I', t.table_schema, t.table_name) as name,
           (select array_agg(a.attname::text order by a.attnum)
              from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
             where i.indrelid = format('%I.%I', t.table_schema, t.table_name)::regclass and i.indisprimary) as key
      from information_schema.tables t
     where t.table_type = 'BASE TABLE' and t.table_schema not in ('pg_catalog', 'information_schema')`);
  const all: ShopRows = new Map();
  for (const table of tables) {
    const key = table.key?.length
      ? `jsonb_build_array(${table.key.map((column) => `r.${JSON.stringify(column)}`).join(', ')})::text`
      : 'to_jsonb(r)::text';
    const { rows } = await db.query<{ key: string; row: string }>(
      `select ${key} as key, to_jsonb(r)::text as row from ${table.name} r`,
    );
    all.set(table.name, new Map(rows.map((row) => [row.key, row.row])));
  }
  return all;
}

/** Every stored file's bytes, by key. */
export async function storedFiles(storage: FileStorage): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for await (const key of storage.keys()) files.set(key, (await storage.get(key))!);
  return files;
}

export interface Purchase {
  readonly startedAt: number;
  readonly endedAt: number;
  readonly status: number;
}

/**
 * Buyers each buying one gift card after another, paid by balance, until `stop` resolves: the
 * steady load a backup runs under (a card can be bought again and again, a picture only once).
 * Answers every purchase made.
 */
export async function purchaseLoop(
  app: App,
  buyers: readonly TestUser[],
  stop: Promise<void>,
): Promise<Purchase[]> {
  const purchases: Purchase[] = [];
  let stopped = false;
  void stop.then(() => {
    stopped = true;
  });
  await Promise.all(
    buyers.map(async (buyer) => {
      while (!stopped) {
        const startedAt = performance.now();
        const response = await postOrder(
          app,
          buyer,
          orderRequest([], { giftCardAmount: 1_000, payByBalance: true }),
        );
        purchases.push({ startedAt, endedAt: performance.now(), status: response.statusCode });
      }
    }),
  );
  return purchases;
}

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');

export interface CommandRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * `npm run backup` or `npm run restore` as a process of its own (the sources through tsx), as an
 * operator runs it beside the server: only the variables given, no terminal.
 */
export async function runShopCommand(
  command: 'backup' | 'restore',
  args: readonly string[],
  env: Readonly<Record<string, string>>,
): Promise<CommandRun> {
  const child = spawn(
    process.execPath,
    [
      '--conditions=source',
      '--import',
      'tsx',
      join(ROOT, 'apps', 'server', 'src', 'cli', `${command}.ts`),
      ...args,
    ],
    {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stdout, stderr };
}
