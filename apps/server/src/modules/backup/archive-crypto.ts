import { createCipheriv, createDecipheriv, randomBytes, scrypt } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { BackupRefused } from './archive-errors.js';

/**
 * How an archive is encrypted with a passphrase (docs/decisions/operations/README.md): scrypt turns
 * the passphrase and a random salt into a 256-bit key, and each frame is sealed with AES-256-GCM
 * under a nonce made of its number, with the archive's header and the frame's "last" flag as
 * associated data. A wrong passphrase fails the first frame; an altered, reordered or dropped frame
 * fails its own; a file cut at a frame boundary lacks the sealed last frame.
 */
export interface ScryptParameters {
  readonly n: number;
  readonly r: number;
  readonly p: number;
  /** base64 */
  readonly salt: string;
}

/** About a quarter of a second and 128 MiB here: costly to guess at, cheap to use once. */
const COST = { n: 2 ** 17, r: 8, p: 1 };
const KEY_BYTES = 32;
export const TAG_BYTES = 16;
const NONCE_BYTES = 12;

export const newScryptParameters = (): ScryptParameters => ({
  ...COST,
  salt: randomBytes(16).toString('base64'),
});

export function deriveArchiveKey(
  passphrase: string,
  parameters: ScryptParameters,
): Promise<Buffer> {
  const { n, r, p } = parameters;
  // An archive's header is read before anything is checked: refuse costs a hostile one could inflate.
  if (n > 2 ** 20 || r > 16 || p > 4)
    throw new BackupRefused(
      'The archive asks for an unusual key cost: it was not made by this command.',
    );
  return new Promise((resolve, reject) => {
    scrypt(
      passphrase.normalize('NFC'),
      Buffer.from(parameters.salt, 'base64'),
      KEY_BYTES,
      { N: n, r, p, maxmem: 256 * n * r + 2 ** 20 },
      (err, key) => (err ? reject(err) : resolve(key)),
    );
  });
}

/** The passphrase is the file's first line (a trailing newline is not part of it). */
export async function readPassphraseFile(path: string): Promise<string> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    const code = err instanceof Error && 'code' in err ? String(err.code) : 'unreadable';
    throw new BackupRefused(`The passphrase file ${path} cannot be read (${code}).`);
  }
  const passphrase = text.split(/\r?\n/)[0] ?? '';
  if (passphrase.length < 8) {
    throw new BackupRefused(`The passphrase in ${path} is shorter than 8 characters.`);
  }
  return passphrase;
}

const nonceOf = (frame: number): Buffer => {
  const nonce = Buffer.alloc(NONCE_BYTES);
  nonce.writeBigUInt64BE(BigInt(frame), NONCE_BYTES - 8);
  return nonce;
};

const associatedData = (header: Buffer, last: boolean) =>
  Buffer.concat([header, Buffer.from([last ? 1 : 0])]);

export function sealFrame(
  key: Buffer,
  header: Buffer,
  frame: number,
  last: boolean,
  plain: Buffer,
): Buffer {
  const cipher = createCipheriv('aes-256-gcm', key, nonceOf(frame));
  cipher.setAAD(associatedData(header, last));
  return Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
}

/** The frame's plain bytes, or undefined when it does not open (wrong key, or altered). */
export function openFrame(
  key: Buffer,
  header: Buffer,
  frame: number,
  last: boolean,
  sealed: Buffer,
): Buffer | undefined {
  if (sealed.length < TAG_BYTES) return undefined;
  const decipher = createDecipheriv('aes-256-gcm', key, nonceOf(frame));
  decipher.setAAD(associatedData(header, last));
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
  try {
    return Buffer.concat([
      decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)),
      decipher.final(),
    ]);
  } catch {
    return undefined;
  }
}
