import {
  chmod,
  mkdir,
  mkdtemp,
  open,
  readdir,
  rm,
  writeFile,
  type FileHandle,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { AppConfig } from '../../config.js';
import { SECRET_FILE_NAME } from '../../infra/secret.js';
import { createFileStorage } from '../../infra/storage/index.js';
import { BackupRefused } from './archive-errors.js';
import { ArchiveReader, type EntrySink } from './archive-reader.js';
import type { Progress } from './backup.js';
import { requireTool, run } from './database-snapshot.js';
import { checkEntries, checkSchema, ENTRY, parseManifest, type Manifest } from './manifest.js';
import { postgresToolEnv } from './postgres-tools.js';
import { checkTargetEmpty } from './restore-target.js';

export interface RestoreOptions {
  readonly config: AppConfig;
  readonly archive: string;
  readonly passphrase: string | undefined;
  readonly progress?: Progress;
}

export const PG_RESTORE_MISSING =
  "pg_restore was not found on the PATH. Install PostgreSQL's client programs, of the server's major " +
  'version or newer (Debian and Ubuntu: apt-get install postgresql-client; macOS: brew install libpq), ' +
  'and run the restore again.';

/**
 * Restores an archive into an empty DATA_DIR (and database, and bucket). The whole archive is read
 * and checked first (frames, checksums, manifest, schema): nothing is written unless all of it is
 * sound. Then it is read again and written, each entry checked once more before it is used; a
 * failure then removes what was written. The server started on the result migrates it forward.
 */
export async function restore(options: RestoreOptions): Promise<Manifest> {
  const { config, archive, passphrase, progress } = options;
  await checkTargetEmpty(config);
  const engine = config.databaseUrl ? 'postgres' : 'pglite';
  if (engine === 'postgres') requireTool('pg_restore', PG_RESTORE_MISSING);

  const checked = await ArchiveReader.read(archive, passphrase, () => undefined);
  const manifest = parseManifest(checked.manifest);
  checkEntries(manifest, checked.entries);
  checkSchema(manifest);
  const unknown = manifest.entries.find((entry) => !isKnownEntry(entry.name));
  if (unknown) {
    throw new BackupRefused(
      `The archive holds an entry this version does not know: ${unknown.name}.`,
    );
  }
  if (manifest.engine !== engine) {
    throw new BackupRefused(
      manifest.engine === 'pglite'
        ? 'The archive holds an embedded (PGlite) database: restore it without DATABASE_URL.'
        : 'The archive holds a PostgreSQL database: set DATABASE_URL to an empty database to restore it.',
    );
  }

  const written = new Written(config);
  try {
    await writeEntries(options, manifest, written);
  } catch (err) {
    await written.undo();
    throw err;
  } finally {
    progress?.stop();
  }
  return manifest;
}

const isKnownEntry = (name: string): boolean =>
  name === ENTRY.pglite ||
  name === ENTRY.postgres ||
  name === ENTRY.jwtSecret ||
  name.startsWith(ENTRY.c2paPrefix) ||
  name.startsWith(ENTRY.filesPrefix);

/** What a restore wrote, to take back if it fails half-way. */
class Written {
  readonly fileKeys: string[] = [];
  constructor(private readonly config: AppConfig) {}

  async undo(): Promise<void> {
    // DATA_DIR was empty: whatever is in it now came from this restore.
    for (const name of await readdir(this.config.dataDir).catch(() => [])) {
      await rm(join(this.config.dataDir, name), { recursive: true, force: true });
    }
    if (this.config.objectStorage) {
      const storage = createFileStorage(this.config);
      for (const key of this.fileKeys) await storage.delete(key);
    }
    // PostgreSQL: pg_restore ran in one transaction, which either committed or left nothing.
  }
}

async function writeEntries(
  options: RestoreOptions,
  manifest: Manifest,
  written: Written,
): Promise<void> {
  const { config, archive, passphrase, progress } = options;
  const storage = createFileStorage(config);
  const expected = new Map(manifest.entries.map((entry) => [entry.name, entry.sha256]));
  const files = manifest.entries.filter((entry) => entry.name.startsWith(ENTRY.filesPrefix)).length;
  let filesDone = 0;
  await mkdir(config.dataDir, { recursive: true });
  progress?.update(0, files);

  const collect = (use: (bytes: Buffer) => Promise<void>): EntrySink => {
    const chunks: Buffer[] = [];
    return {
      write: (chunk) => void chunks.push(Buffer.from(chunk)),
      end: () => use(Buffer.concat(chunks)),
    };
  };
  const checkedEntry = (name: string, sink: EntrySink): EntrySink =>
    sink && {
      write: sink.write,
      end: async (sha256) => {
        // The file could have changed since the first read: use nothing that differs from it.
        if (expected.get(name) !== sha256) {
          throw new BackupRefused(
            `The archive changed while it was restored: ${name} no longer matches.`,
          );
        }
        await sink.end(sha256);
      },
    };

  await ArchiveReader.read(archive, passphrase, async (name) => {
    if (name === ENTRY.pglite) {
      return checkedEntry(
        name,
        collect((bytes) => restorePglite(join(config.dataDir, 'db'), bytes)),
      );
    }
    if (name === ENTRY.postgres) return checkedEntry(name, await postgresSink(config.databaseUrl!));
    if (name === ENTRY.jwtSecret) {
      return checkedEntry(
        name,
        collect((bytes) => writePrivate(join(config.dataDir, SECRET_FILE_NAME), bytes)),
      );
    }
    if (name.startsWith(ENTRY.c2paPrefix)) {
      const file = join(
        config.dataDir,
        'c2pa',
        name.slice(ENTRY.c2paPrefix.length).replaceAll('/', '_'),
      );
      return checkedEntry(
        name,
        collect((bytes) => writePrivate(file, bytes)),
      );
    }
    if (name.startsWith(ENTRY.filesPrefix)) {
      const key = name.slice(ENTRY.filesPrefix.length);
      return checkedEntry(
        name,
        collect(async (bytes) => {
          await storage.put(key, bytes);
          written.fileKeys.push(key);
          filesDone += 1;
          progress?.update(filesDone, files);
        }),
      );
    }
    throw new BackupRefused(`The archive holds an entry this version does not know: ${name}.`);
  });
}

async function writePrivate(path: string, bytes: Buffer): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  await writeFile(path, bytes, { mode: 0o600 });
  await chmod(path, 0o600);
}

/** Unpacks the snapshot into DATA_DIR/db: PGlite writes its tar there and recovers it. */
async function restorePglite(folder: string, bytes: Buffer): Promise<void> {
  await mkdir(folder, { recursive: true });
  const database = await PGlite.create({ dataDir: folder, loadDataDir: new Blob([bytes]) });
  await database.close();
}

/** pg_dump's archive goes to a temporary file, then into the database in one transaction. */
async function postgresSink(url: string): Promise<EntrySink> {
  const folder = await mkdtemp(join(tmpdir(), 'pictura-restore-'));
  const file = join(folder, 'database.dump');
  const handle: FileHandle = await open(file, 'w', 0o600);
  return {
    write: async (chunk) => {
      await handle.write(chunk);
    },
    end: async () => {
      try {
        await handle.close();
        const { env, connection } = postgresToolEnv(url);
        await run(
          'pg_restore',
          [
            '--single-transaction',
            '--exit-on-error',
            '--no-owner',
            '--no-privileges',
            `--dbname=${connection}`,
            file,
          ],
          env,
        );
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    },
  };
}
