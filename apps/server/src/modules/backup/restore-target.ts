import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import pg from 'pg';
import type { AppConfig } from '../../config.js';
import { createFileStorage } from '../../infra/storage/index.js';
import { BackupRefused } from './archive-errors.js';

/**
 * A restore writes only into an empty place: DATA_DIR empty or missing, and with PostgreSQL or a
 * bucket, a database without tables and a bucket without objects. Restoring over a shop would mix
 * two shops' data, so it is refused whatever is there.
 */
export async function checkTargetEmpty(
  config: Pick<AppConfig, 'dataDir' | 'databaseUrl' | 'objectStorage'>,
): Promise<void> {
  if (existsSync(config.dataDir)) {
    const inside = await readdir(config.dataDir);
    if (inside.length > 0) {
      throw new BackupRefused(
        `DATA_DIR (${config.dataDir}) is not empty (${inside.slice(0, 3).join(', ')}${inside.length > 3 ? ', …' : ''}): ` +
          'restore into an empty folder.',
      );
    }
  }
  if (config.databaseUrl) {
    const client = new pg.Client({ connectionString: config.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ count: number }>(`
        select count(*)::int as count from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where c.relkind in ('r', 'p', 'v', 'm', 'S')
           and n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')`);
      if ((rows[0]?.count ?? 0) > 0) {
        throw new BackupRefused(
          'The database DATABASE_URL names already holds tables: restore into an empty database (createdb).',
        );
      }
    } finally {
      await client.end();
    }
  }
  if (config.objectStorage) {
    const storage = createFileStorage(config);
    for await (const key of storage.keys()) {
      throw new BackupRefused(
        `The bucket ${config.objectStorage.bucket} is not empty (${key}, …): restore into an empty bucket.`,
      );
    }
  }
}
