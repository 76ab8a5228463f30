import { createHash } from 'node:crypto';
import { open, rename, rm, type FileHandle } from 'node:fs/promises';
import { deriveArchiveKey, newScryptParameters, sealFrame } from './archive-crypto.js';
import {
  entryHead,
  FRAME_BYTES,
  FRAME_HEAD_BYTES,
  headerBytes,
  LAST_FRAME,
} from './archive-layout.js';

export interface WrittenEntry {
  readonly name: string;
  readonly size: number;
  readonly sha256: string;
}

/**
 * Writes an archive (archive-layout.ts) to `path + '.partial'` and renames it to `path` only when
 * finished, so a backup that fails half-way leaves no file that looks like a whole archive.
 */
export class ArchiveWriter {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private frame = 0;
  private written = 0;

  private constructor(
    private readonly file: FileHandle,
    private readonly path: string,
    private readonly header: Buffer,
    private readonly key: Buffer | undefined,
  ) {}

  static async create(path: string, passphrase: string | undefined): Promise<ArchiveWriter> {
    const parameters = passphrase === undefined ? null : newScryptParameters();
    const header = headerBytes(parameters);
    const key =
      parameters && passphrase !== undefined
        ? await deriveArchiveKey(passphrase, parameters)
        : undefined;
    // 0600: the archive holds the shop's secrets and every customer's data.
    const file = await open(`${path}.partial`, 'w', 0o600);
    const writer = new ArchiveWriter(file, path, header, key);
    await writer.write(header);
    return writer;
  }

  /** Bytes of the archive so far. */
  get size(): number {
    return this.written;
  }

  /** Adds one entry of exactly `size` bytes; answers its checksum. */
  async add(
    name: string,
    size: number,
    content: Uint8Array | AsyncIterable<Uint8Array>,
  ): Promise<WrittenEntry> {
    await this.push(entryHead(name, size));
    const hash = createHash('sha256');
    let seen = 0;
    const take = async (chunk: Uint8Array) => {
      seen += chunk.length;
      if (seen > size) throw new Error(`${name} grew while it was read`);
      hash.update(chunk);
      await this.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    };
    if (content instanceof Uint8Array) await take(content);
    else for await (const chunk of content) await take(chunk);
    if (seen !== size)
      throw new Error(`${name} shrank while it was read (${seen} of ${size} bytes)`);
    return { name, size, sha256: hash.digest('hex') };
  }

  /** Seals the last frame, closes the file and gives it its name. */
  async finish(): Promise<void> {
    await this.flush(true);
    await this.file.sync();
    await this.file.close();
    await rename(`${this.path}.partial`, this.path);
  }

  async abort(): Promise<void> {
    await this.file.close().catch(() => undefined);
    await rm(`${this.path}.partial`, { force: true });
  }

  private async push(bytes: Buffer): Promise<void> {
    let rest = bytes;
    while (rest.length > 0) {
      const room = FRAME_BYTES - this.pendingBytes;
      this.pending.push(rest.subarray(0, room));
      this.pendingBytes += Math.min(room, rest.length);
      rest = rest.subarray(room);
      // The last frame is sealed by `finish`: a full frame here is never the last.
      if (this.pendingBytes === FRAME_BYTES) await this.flush(false);
    }
  }

  private async flush(last: boolean): Promise<void> {
    const plain = Buffer.concat(this.pending);
    this.pending = [];
    this.pendingBytes = 0;
    const payload = this.key ? sealFrame(this.key, this.header, this.frame, last, plain) : plain;
    const head = Buffer.alloc(FRAME_HEAD_BYTES);
    head.writeUInt32BE(payload.length, 0);
    head.writeUInt8(last ? LAST_FRAME : 0, 4);
    this.frame += 1;
    await this.write(Buffer.concat([head, payload]));
  }

  private async write(bytes: Buffer): Promise<void> {
    await this.file.write(bytes);
    this.written += bytes.length;
  }
}
