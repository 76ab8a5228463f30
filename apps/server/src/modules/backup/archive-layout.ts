import { z } from 'zod';
import type { ScryptParameters } from './archive-crypto.js';

/**
 * The archive file (docs/operations/backup-and-metrics.md): a magic line, a length-prefixed JSON
 * header (how it is encrypted, if at all), then frames of at most FRAME_BYTES plain bytes, each
 * `u32 length, u8 flags, payload`, the last one flagged. The frames carry one stream of entries,
 * each `u16 name length, name, u64 size, bytes`; the last entry is the manifest.
 */
export const MAGIC = Buffer.from('PICTURA BACKUP 1\n', 'utf8');
export const FRAME_BYTES = 1 << 20;
export const LAST_FRAME = 1;
export const FRAME_HEAD_BYTES = 5;
export const MANIFEST_ENTRY = 'manifest.json';
export const MAX_NAME_BYTES = 1024;

export const ArchiveHeaderSchema = z.object({
  encryption: z
    .object({
      cipher: z.literal('aes-256-gcm'),
      kdf: z.literal('scrypt'),
      n: z.number().int().positive(),
      r: z.number().int().positive(),
      p: z.number().int().positive(),
      salt: z.string().min(16),
    })
    .nullable(),
});
export type ArchiveHeader = z.infer<typeof ArchiveHeaderSchema>;

export function headerBytes(encryption: ScryptParameters | null): Buffer {
  const header: ArchiveHeader = {
    encryption: encryption ? { cipher: 'aes-256-gcm', kdf: 'scrypt', ...encryption } : null,
  };
  const json = Buffer.from(JSON.stringify(header), 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(json.length);
  return Buffer.concat([MAGIC, length, json]);
}

export function entryHead(name: string, size: number): Buffer {
  const nameBytes = Buffer.from(name, 'utf8');
  if (nameBytes.length > MAX_NAME_BYTES)
    throw new Error(`entry name too long: ${name.slice(0, 80)}`);
  const head = Buffer.alloc(2 + nameBytes.length + 8);
  head.writeUInt16BE(nameBytes.length, 0);
  nameBytes.copy(head, 2);
  head.writeBigUInt64BE(BigInt(size), 2 + nameBytes.length);
  return head;
}
