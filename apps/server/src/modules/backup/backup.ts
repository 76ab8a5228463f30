import { existsSync } from 'node:fs';
import type { AppConfig } from '../../config.js';
import { createFileStorage } from '../../infra/storage/index.js';
import { BackupRefused } from './archive-errors.js';
import { MANIFEST_ENTRY } from './archive-layout.js';
import { ArchiveWriter, type WrittenEntry } from './archive-writer.js';
import {
  PG_DUMP_MISSING,
  requireTool,
  snapshotPglite,
  snapshotPostgres,
} from './database-snapshot.js';
import { APP_VERSION, ENTRY, type Manifest } from './manifest.js';
import { checkServerSecret, readC2paFiles, readServerSecret } from './secrets.js';

export interface Progress {
  update(done: number, total: number): void;
  stop(): void;
}

export interface BackupOptions {
  readonly config: AppConfig;
  readonly out: string;
  readonly passphrase: string | undefined;
  readonly progress?: Progress;
}

export interface BackupSummary {
  readonly manifest: Manifest;
  readonly bytes: number;
  /** Taken from a running server (else from a database at rest). */
  readonly live: boolean;
  /** Listed files that were gone by the time they were copied (deleted during the backup). */
  readonly vanished: number;
}

/** Files read at once: a bucket answers each request slowly, but many together. */
const READ_AHEAD = 8;

/**
 * One archive of the shop: the database as of one moment, then the secrets and every stored file
 * (copied after that moment: a file a snapshot row names was written before its row), then the
 * manifest. Written under a temporary name, so a failed backup leaves no archive.
 */
export async function backUp(options: BackupOptions): Promise<BackupSummary> {
  const { config, out, progress } = options;
  if (existsSync(out)) throw new BackupRefused(`${out} already exists: name a new file.`);
  if (config.databaseUrl) requireTool('pg_dump', PG_DUMP_MISSING);
  const secret = await readServerSecret(config);
  const snapshot = config.databaseUrl
    ? await snapshotPostgres(config.databaseUrl)
    : await snapshotPglite(config.dataDir);
  checkServerSecret(secret.secret, snapshot.stats.dataKeyWrappedBy);
  const c2pa = await readC2paFiles(config);
  const storage = createFileStorage(config);
  const keys: string[] = [];
  for await (const key of storage.keys()) keys.push(key);
  keys.sort();

  const writer = await ArchiveWriter.create(out, options.passphrase);
  try {
    const entries: WrittenEntry[] = [];
    const total = keys.length;
    progress?.update(0, total);
    entries.push(await writer.add(snapshot.entry, snapshot.bytes.length, snapshot.bytes));
    const secretBytes = Buffer.from(`${secret.secret}\n`, 'utf8');
    entries.push(await writer.add(ENTRY.jwtSecret, secretBytes.length, secretBytes));
    for (const file of c2pa)
      entries.push(await writer.add(file.entry, file.bytes.length, file.bytes));

    let vanished = 0;
    for (let first = 0; first < total; first += READ_AHEAD) {
      const batch = keys.slice(first, first + READ_AHEAD);
      const contents = await Promise.all(batch.map((key) => storage.get(key)));
      for (const [index, key] of batch.entries()) {
        const bytes = contents[index];
        if (bytes)
          entries.push(await writer.add(`${ENTRY.filesPrefix}${key}`, bytes.length, bytes));
        else vanished += 1;
      }
      progress?.update(first + batch.length, total);
    }

    const manifest: Manifest = {
      format: 1,
      createdAt: new Date().toISOString(),
      appVersion: APP_VERSION,
      engine: config.databaseUrl ? 'postgres' : 'pglite',
      schema: {
        lastMigration: snapshot.stats.lastMigration.tag,
        when: snapshot.stats.lastMigration.when,
      },
      counts: snapshot.stats.counts,
      storage: config.objectStorage ? 's3' : 'local',
      jwtSecret: secret.from,
      entries,
    };
    const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 2), 'utf8');
    await writer.add(MANIFEST_ENTRY, manifestBytes.length, manifestBytes);
    await writer.finish();
    return { manifest, bytes: writer.size, live: snapshot.live, vanished };
  } catch (err) {
    await writer.abort();
    throw err;
  } finally {
    progress?.stop();
  }
}
