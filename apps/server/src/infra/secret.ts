import { hkdfSync, randomBytes } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppConfig } from '../config.js';

/** Kept in DATA_DIR when JWT_SECRET is not set. */
export const SECRET_FILE_NAME = 'jwt-secret';
const MIN_SECRET_LENGTH = 32;

const hasErrorCode = (err: unknown, code: string): boolean =>
  err instanceof Error && 'code' in err && err.code === code;

/**
 * The server secret: JWT_SECRET, or a random one generated on first start and kept (mode 0600) in
 * DATA_DIR/jwt-secret so that sessions survive restarts. Processes that share DATA_DIR and start
 * together agree on one: the file appears atomically (link fails when it exists), never half written.
 */
export async function loadServerSecret(
  config: Pick<AppConfig, 'jwtSecret' | 'dataDir'>,
): Promise<string> {
  if (config.jwtSecret) return config.jwtSecret;

  const file = join(config.dataDir, SECRET_FILE_NAME);
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  await mkdir(config.dataDir, { recursive: true });
  await writeFile(draft, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600 });
  try {
    await link(draft, file);
  } catch (err) {
    if (!hasErrorCode(err, 'EEXIST')) throw err;
  } finally {
    await unlink(draft);
  }

  const secret = (await readFile(file, 'utf8')).trim();
  if (secret.length < MIN_SECRET_LENGTH) {
    throw new Error(`${file} must hold a secret of at least ${MIN_SECRET_LENGTH} characters`);
  }
  return secret;
}

/**
 * A key of its own for each use of the one secret (HKDF-SHA-256), so that a value made for one use
 * is worthless for another.
 */
export type KeyPurpose =
  | 'access-token'
  | 'reset-code'
  | 'sandbox-session'
  | 'sandbox-webhook'
  | 'gift-card-code'
  | 'gift-card-hash'
  | 'mail-outbox'
  | 'totp-secret'
  | 'recovery-code'
  | 'data-export'
  | 'key-id'
  | 'data-key-wrap';

export function deriveKey(secret: string, purpose: KeyPurpose): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', secret, '', `pictura ${purpose}`, 32));
}
