import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { BackupRefused } from './archive-errors.js';
import { readSnapshotStats, type Queryable, type SnapshotStats } from './database-stats.js';
import { ENTRY } from './manifest.js';
import { postgresToolEnv } from './postgres-tools.js';
import { requestSnapshot, snapshotSocketPath } from './snapshot-socket.js';

export interface DatabaseSnapshot {
  readonly entry: string;
  readonly bytes: Buffer;
  readonly stats: SnapshotStats;
  /** Whether a running server took it (else the database was at rest). */
  readonly live: boolean;
}

/**
 * The embedded database as of one moment: from the running server through its socket, else (no
 * server on this DATA_DIR) straight from the folder. Its figures are read from the copy itself,
 * opened in memory, which also proves that it opens.
 */
export async function snapshotPglite(dataDir: string): Promise<DatabaseSnapshot> {
  let bytes = await requestSnapshot(dataDir);
  const live = bytes !== undefined;
  if (!bytes) {
    const folder = join(dataDir, 'db');
    if (!existsSync(join(folder, 'PG_VERSION'))) {
      throw new BackupRefused(`There is no database in ${folder}: is DATA_DIR the server's?`);
    }
    // PGlite keeps this file while a process has the folder open: opening it too would corrupt it.
    if (existsSync(join(folder, 'postmaster.pid'))) {
      throw new BackupRefused(
        `The database in ${folder} is open in a process that offers no backup socket ` +
          `(${snapshotSocketPath(dataDir)}): a server whose DATA_DIR path is too long for one, ` +
          'or one that stopped without closing it. Stop that server, or start it and stop it ' +
          'once, then back up again.',
      );
    }
    const database = await PGlite.create({ dataDir: folder });
    try {
      bytes = Buffer.from(await (await database.dumpDataDir('gzip')).arrayBuffer());
    } finally {
      await database.close();
    }
  }
  const copy = await PGlite.create({ loadDataDir: new Blob([bytes]) });
  try {
    return { entry: ENTRY.pglite, bytes, stats: await readSnapshotStats(copy), live };
  } finally {
    await copy.close();
  }
}

export const PG_DUMP_MISSING =
  "pg_dump was not found on the PATH. Install PostgreSQL's client programs, of the server's major " +
  'version or newer (Debian and Ubuntu: apt-get install postgresql-client; macOS: brew install libpq), ' +
  'and run the backup again.';

export function requireTool(name: 'pg_dump' | 'pg_restore', missing: string): void {
  const probe = spawnSync(name, ['--version'], { stdio: 'ignore' });
  if (probe.error) throw new BackupRefused(missing);
}

/**
 * PostgreSQL as of one moment: a repeatable-read transaction exports its snapshot, the figures are
 * read in it and pg_dump dumps that same snapshot, so they agree while the shop goes on writing.
 */
export async function snapshotPostgres(url: string): Promise<DatabaseSnapshot> {
  requireTool('pg_dump', PG_DUMP_MISSING);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const folder = await mkdtemp(join(tmpdir(), 'pictura-backup-'));
  try {
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<{ id: string }>('select pg_export_snapshot() as id');
    const stats = await readSnapshotStats(client as Queryable);
    const file = join(folder, 'database.dump');
    const { env, connection } = postgresToolEnv(url);
    await run(
      'pg_dump',
      ['--format=custom', `--snapshot=${rows[0]!.id}`, `--file=${file}`, `--dbname=${connection}`],
      env,
    );
    await client.query('commit');
    return { entry: ENTRY.postgres, bytes: await readFile(file), stats, live: true };
  } finally {
    await client.end();
    await rm(folder, { recursive: true, force: true });
  }
}

/** Runs a PostgreSQL client program; its own message is the error when it fails. */
export function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-4_000);
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) resolve();
      else
        reject(new BackupRefused(`${command} failed (exit ${code ?? 'signal'}): ${stderr.trim()}`));
    });
  });
}
