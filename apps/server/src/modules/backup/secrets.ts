import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppConfig } from '../../config.js';
import { signingKeyId } from '../keys/index.js';
import { SECRET_FILE_NAME } from '../../infra/secret.js';
import { BackupRefused } from './archive-errors.js';
import { ENTRY } from './manifest.js';

export interface SecretFile {
  readonly entry: string;
  readonly bytes: Buffer;
}

/**
 * The server secret the data key is wrapped under: without it the two-step secrets, recovery codes,
 * gift-card codes and queued mail in the database cannot be read. JWT_SECRET when set, else the file
 * the server generated in DATA_DIR; the backup never makes one.
 */
export async function readServerSecret(
  config: Pick<AppConfig, 'jwtSecret' | 'dataDir'>,
): Promise<{ secret: string; from: 'environment' | 'file' }> {
  if (config.jwtSecret) return { secret: config.jwtSecret, from: 'environment' };
  const file = join(config.dataDir, SECRET_FILE_NAME);
  if (!existsSync(file)) {
    throw new BackupRefused(
      `JWT_SECRET is unset and ${file} does not exist: run the backup with the server's JWT_SECRET and DATA_DIR.`,
    );
  }
  return { secret: (await readFile(file, 'utf8')).trim(), from: 'file' };
}

/** Refuses a secret that does not open the snapshot's data key: such a backup could not be read. */
export function checkServerSecret(secret: string, wrappedBy: string | undefined): void {
  if (wrappedBy === undefined || signingKeyId(secret) === wrappedBy) return;
  throw new BackupRefused(
    `The JWT_SECRET this backup runs with (id ${signingKeyId(secret)}) is not the one the data key is ` +
      `wrapped under (id ${wrappedBy}): run the backup with the server's JWT_SECRET.`,
  );
}

/** The demo C2PA signer kept in DATA_DIR/c2pa (none when C2PA_CERT_CHAIN points elsewhere). */
export async function readC2paFiles(
  config: Pick<AppConfig, 'dataDir' | 'c2pa'>,
): Promise<SecretFile[]> {
  if (config.c2pa.certificate) return [];
  const folder = join(config.dataDir, 'c2pa');
  if (!existsSync(folder)) return [];
  const names = (await readdir(folder, { withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name)
    .sort();
  return Promise.all(
    names.map(async (name) => ({
      entry: `${ENTRY.c2paPrefix}${name}`,
      bytes: await readFile(join(folder, name)),
    })),
  );
}
