import { createHash } from 'node:crypto';
import { open, type FileHandle } from 'node:fs/promises';
import { deriveArchiveKey, openFrame, TAG_BYTES } from './archive-crypto.js';
import { BackupRefused } from './archive-errors.js';
import {
  ArchiveHeaderSchema,
  FRAME_BYTES,
  FRAME_HEAD_BYTES,
  LAST_FRAME,
  MAGIC,
  MANIFEST_ENTRY,
  MAX_NAME_BYTES,
  type ArchiveHeader,
} from './archive-layout.js';
import type { WrittenEntry } from './archive-writer.js';

const NOT_AN_ARCHIVE = 'is not a Pictura backup archive.';
const CUT_SHORT = 'The archive is incomplete: it was cut short before its end.';
const ALTERED = 'The archive is damaged or was altered';

/** Where the bytes of one entry go while it is read; `undefined` drops them (only checksummed). */
export type EntrySink =
  | {
      write(chunk: Buffer): Promise<void> | void;
      /** The entry is whole and its checksum is `sha256`. */
      end(sha256: string): Promise<void> | void;
    }
  | undefined;

export interface ReadArchive {
  readonly entries: readonly WrittenEntry[];
  /** The manifest entry's bytes (not yet checked against the entries). */
  readonly manifest: Buffer;
}

/**
 * Reads an archive from start to end, checking its frames (their order, the last one, and with a
 * passphrase their seals) and computing each entry's checksum. Any fault is a BackupRefused naming
 * it; a caller that writes somewhere does so only after one whole read found none.
 */
export class ArchiveReader {
  private frame = 0;
  private last = false;
  private position: number;
  private current: Buffer = Buffer.alloc(0);

  private constructor(
    private readonly file: FileHandle,
    private readonly fileSize: number,
    private readonly header: Buffer,
    private readonly key: Buffer | undefined,
  ) {
    this.position = header.length;
  }

  /** The archive's header: whether it needs a passphrase. */
  static async inspect(path: string): Promise<ArchiveHeader> {
    const file = await openArchive(path);
    try {
      return (await readHeader(file, path)).header;
    } finally {
      await file.close();
    }
  }

  /** Reads every entry, handing each one's bytes to the sink `sinkFor` gives for its name. */
  static async read(
    path: string,
    passphrase: string | undefined,
    sinkFor: (name: string, size: number) => EntrySink | Promise<EntrySink>,
  ): Promise<ReadArchive> {
    const file = await openArchive(path);
    try {
      const { header, bytes } = await readHeader(file, path);
      let key: Buffer | undefined;
      if (header.encryption) {
        if (passphrase === undefined) {
          throw new BackupRefused(
            'The archive is encrypted: give its passphrase with --passphrase-file FILE.',
          );
        }
        key = await deriveArchiveKey(passphrase, header.encryption);
      }
      const reader = new ArchiveReader(file, (await file.stat()).size, bytes, key);
      return await reader.readEntries(sinkFor);
    } finally {
      await file.close();
    }
  }

  private async readEntries(
    sinkFor: (name: string, size: number) => EntrySink | Promise<EntrySink>,
  ): Promise<ReadArchive> {
    const entries: WrittenEntry[] = [];
    for (;;) {
      const nameLength = (await this.take(2)).readUInt16BE(0);
      if (nameLength === 0 || nameLength > MAX_NAME_BYTES) throw new BackupRefused(`${ALTERED}.`);
      const name = (await this.take(nameLength)).toString('utf8');
      const size = Number((await this.take(8)).readBigUInt64BE(0));
      if (!Number.isSafeInteger(size)) throw new BackupRefused(`${ALTERED}.`);
      const manifestChunks: Buffer[] = [];
      const sink: EntrySink =
        name === MANIFEST_ENTRY
          ? { write: (chunk) => void manifestChunks.push(chunk), end: () => undefined }
          : await sinkFor(name, size);
      const hash = createHash('sha256');
      for (let rest = size; rest > 0;) {
        const chunk = await this.takeSome(rest);
        hash.update(chunk);
        await sink?.write(chunk);
        rest -= chunk.length;
      }
      const sha256 = hash.digest('hex');
      if (name === MANIFEST_ENTRY) {
        if (!this.last || this.current.length > 0) {
          throw new BackupRefused(`${ALTERED}: data follows its manifest.`);
        }
        return { entries, manifest: Buffer.concat(manifestChunks) };
      }
      await sink?.end(sha256);
      entries.push({ name, size, sha256 });
    }
  }

  private async take(count: number): Promise<Buffer> {
    const parts: Buffer[] = [];
    for (let rest = count; rest > 0;) {
      const part = await this.takeSome(rest);
      parts.push(part);
      rest -= part.length;
    }
    return Buffer.concat(parts);
  }

  /** Up to `most` bytes of the entry stream (at least one), reading the next frame when needed. */
  private async takeSome(most: number): Promise<Buffer> {
    while (this.current.length === 0) {
      if (this.last) throw new BackupRefused(`${ALTERED}: its last part ends inside an entry.`);
      this.current = await this.nextFrame();
    }
    const part = this.current.subarray(0, most);
    this.current = this.current.subarray(part.length);
    return part;
  }

  private async nextFrame(): Promise<Buffer> {
    const head = await this.readAt(FRAME_HEAD_BYTES);
    const length = head.readUInt32BE(0);
    const flags = head.readUInt8(4);
    if (length > FRAME_BYTES + TAG_BYTES || (flags & ~LAST_FRAME) !== 0) {
      throw new BackupRefused(`${ALTERED}: part ${this.frame + 1} has a wrong length or flags.`);
    }
    const last = flags === LAST_FRAME;
    const payload = await this.readAt(length);
    if (last && this.position !== this.fileSize)
      throw new BackupRefused(`${ALTERED}: data follows its end.`);
    let plain = payload;
    if (this.key) {
      const opened = openFrame(this.key, this.header, this.frame, last, payload);
      if (!opened) {
        throw new BackupRefused(
          this.frame === 0
            ? 'The passphrase does not open this archive (or the archive was altered).'
            : `${ALTERED}: part ${this.frame + 1} does not verify.`,
        );
      }
      plain = opened;
    }
    this.frame += 1;
    this.last = last;
    return plain;
  }

  private async readAt(count: number): Promise<Buffer> {
    const buffer = Buffer.alloc(count);
    const { bytesRead } = await this.file.read(buffer, 0, count, this.position);
    if (bytesRead < count) throw new BackupRefused(CUT_SHORT);
    this.position += count;
    return buffer;
  }
}

async function openArchive(path: string): Promise<FileHandle> {
  try {
    return await open(path, 'r');
  } catch (err) {
    const code = err instanceof Error && 'code' in err ? String(err.code) : 'unreadable';
    throw new BackupRefused(`The archive ${path} cannot be read (${code}).`);
  }
}

async function readHeader(
  file: FileHandle,
  path: string,
): Promise<{ header: ArchiveHeader; bytes: Buffer }> {
  const start = Buffer.alloc(MAGIC.length + 4);
  const { bytesRead } = await file.read(start, 0, start.length, 0);
  if (bytesRead < MAGIC.length || !start.subarray(0, MAGIC.length).equals(MAGIC)) {
    throw new BackupRefused(`${path} ${NOT_AN_ARCHIVE}`);
  }
  if (bytesRead < start.length) throw new BackupRefused(CUT_SHORT);
  const length = start.readUInt32BE(MAGIC.length);
  if (length > 4096) throw new BackupRefused(`${ALTERED}: its header is too long.`);
  const json = Buffer.alloc(length);
  if ((await file.read(json, 0, length, start.length)).bytesRead < length)
    throw new BackupRefused(CUT_SHORT);
  let parsed: unknown;
  try {
    parsed = JSON.parse(json.toString('utf8'));
  } catch {
    throw new BackupRefused(`${ALTERED}: its header is not readable.`);
  }
  const header = ArchiveHeaderSchema.safeParse(parsed);
  if (!header.success) throw new BackupRefused(`${ALTERED}: its header is not readable.`);
  return { header: header.data, bytes: Buffer.concat([start, json]) };
}
