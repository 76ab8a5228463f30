import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { MIGRATIONS_DIR, SERVER_ROOT } from '../../paths.js';
import { BackupRefused } from './archive-errors.js';
import type { WrittenEntry } from './archive-writer.js';

/** Names of the entries besides the files (`files/<storage key>`). */
export const ENTRY = {
  pglite: 'database/pglite.tar.gz',
  postgres: 'database/postgres.dump',
  jwtSecret: 'secrets/jwt-secret',
  c2paPrefix: 'secrets/c2pa/',
  filesPrefix: 'files/',
} as const;

const EntrySchema = z.object({
  name: z.string().min(1),
  size: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

/** What a backup says about itself, checked by a restore before it writes anything. */
export const ManifestSchema = z.object({
  format: z.literal(1),
  createdAt: z.string(),
  appVersion: z.string(),
  engine: z.enum(['pglite', 'postgres']),
  /** The newest migration applied in the snapshot (its tag and its time in the journal). */
  schema: z.object({ lastMigration: z.string(), when: z.number().int() }),
  /** Rows per table (`schema.table`) in the snapshot. */
  counts: z.record(z.string(), z.number().int().nonnegative()),
  storage: z.enum(['local', 's3']),
  /** Where the secret in `secrets/jwt-secret` came from. */
  jwtSecret: z.enum(['file', 'environment']),
  entries: z.array(EntrySchema),
});
export type Manifest = z.infer<typeof ManifestSchema>;

export const APP_VERSION: string = z
  .object({ version: z.string() })
  .parse(JSON.parse(readFileSync(join(SERVER_ROOT, 'package.json'), 'utf8'))).version;

const JournalSchema = z.object({
  entries: z.array(z.object({ tag: z.string(), when: z.number().int() })),
});

/** The migrations this code knows, oldest first (drizzle's journal). */
export function knownMigrations(): { tag: string; when: number }[] {
  const journal = JournalSchema.parse(
    JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')),
  );
  return journal.entries;
}

/** The tag of the migration drizzle recorded last (`created_at` is the journal's `when`). */
export function migrationOf(when: number): { tag: string; when: number } {
  const known = knownMigrations().find((migration) => migration.when === when);
  return { tag: known?.tag ?? `unknown (${new Date(when).toISOString()})`, when };
}

export function parseManifest(bytes: Buffer): Manifest {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new BackupRefused('The archive is damaged or was altered: its manifest is not readable.');
  }
  const manifest = ManifestSchema.safeParse(json);
  if (!manifest.success) {
    throw new BackupRefused(
      'The archive is damaged or was altered, or was made by another Pictura: its manifest is not one this version reads.',
    );
  }
  return manifest.data;
}

/** Every entry read is the one the manifest lists, with its size and checksum, and none is missing. */
export function checkEntries(manifest: Manifest, read: readonly WrittenEntry[]): void {
  const listed = new Map(manifest.entries.map((entry) => [entry.name, entry]));
  if (listed.size !== read.length) {
    throw new BackupRefused(
      `The archive is damaged or was altered: it holds ${read.length} entries, its manifest lists ${listed.size}.`,
    );
  }
  for (const entry of read) {
    const expected = listed.get(entry.name);
    if (!expected || expected.size !== entry.size || expected.sha256 !== entry.sha256) {
      throw new BackupRefused(
        `The archive is damaged or was altered: ${entry.name} does not match its checksum.`,
      );
    }
  }
}

/** Refuses a snapshot whose schema this code does not know: it was made by a newer Pictura. */
export function checkSchema(manifest: Manifest): void {
  const known = knownMigrations();
  const newest = known.at(-1);
  if (known.some((migration) => migration.tag === manifest.schema.lastMigration)) return;
  throw new BackupRefused(
    `The archive's database schema (${manifest.schema.lastMigration}, Pictura ${manifest.appVersion}) is newer than ` +
      `this Pictura's (${newest?.tag ?? 'none'}, ${APP_VERSION}): restore it with that version or a later one.`,
  );
}
