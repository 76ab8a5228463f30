import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import {
  access,
  mkdir,
  open,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  writeFile,
  type FileHandle,
} from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import {
  assertStorageKey,
  InvalidStorageKeyError,
  type FileStorage,
  type StoredFile,
  type WriteOptions,
} from './file-storage.js';

const isMissing = (err: unknown): boolean =>
  err instanceof Error && 'code' in err && (err.code === 'ENOENT' || err.code === 'ENOTDIR');

const TEMPORARY_SUFFIX = '.tmp';
/**
 * How much a stream reads at once: a picture of a few hundred kilobytes in one read (each read is
 * a trip to the thread pool), a larger one in pieces, so a download never holds more than this.
 */
const READ_CHUNK_BYTES = 512 * 1024;
/** A write still under way (`put`): not a file of the store yet. */
const TEMPORARY_FILE = /\.[0-9a-f]{12}\.tmp$/;

/**
 * The embedded default: files under one folder (DATA_DIR/files). Writes go to a temporary file
 * renamed into place, so two processes writing the same key at once leave one whole file.
 */
export class LocalDiskStorage implements FileStorage {
  readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  /** The file of a key; the key pattern already rules out escapes, this checks it once more. */
  private pathOf(key: string): string {
    const path = join(this.root, assertStorageKey(key));
    const inside = relative(this.root, path);
    if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) {
      throw new InvalidStorageKeyError(key);
    }
    return path;
  }

  async put(key: string, bytes: Uint8Array, { signal }: WriteOptions = {}): Promise<void> {
    const path = this.pathOf(key);
    signal?.throwIfAborted();
    await mkdir(dirname(path), { recursive: true });
    const temporary = `${path}.${randomBytes(6).toString('hex')}${TEMPORARY_SUFFIX}`;
    try {
      await writeFile(temporary, bytes, { signal });
      // The rename is the write's last moment: an abort that came during it still keeps the key.
      signal?.throwIfAborted();
      await rename(temporary, path);
    } catch (err) {
      await rm(temporary, { force: true });
      throw err;
    }
  }

  async get(key: string): Promise<Buffer | undefined> {
    try {
      return await readFile(this.pathOf(key));
    } catch (err) {
      if (isMissing(err)) return undefined;
      throw err;
    }
  }

  async open(key: string): Promise<StoredFile | undefined> {
    let handle: FileHandle;
    try {
      handle = await open(this.pathOf(key), 'r');
    } catch (err) {
      if (isMissing(err)) return undefined;
      throw err;
    }
    try {
      const stats = await handle.stat();
      if (!stats.isFile()) {
        await handle.close();
        return undefined;
      }
      return {
        size: stats.size,
        // `put` renames a new file into place, so a replaced file is another inode.
        etag: `"${[stats.ino, stats.size, Math.trunc(stats.mtimeMs)].map((n) => n.toString(36)).join('-')}"`,
        head: async (length) => {
          const start = Buffer.alloc(Math.min(length, stats.size));
          const { bytesRead } = await handle.read(start, 0, start.length, 0);
          return start.subarray(0, bytesRead);
        },
        // The stream closes the file when it ends, fails or is destroyed (a client gone).
        stream: (range) =>
          handle.createReadStream({
            start: range?.start,
            end: range?.end,
            highWaterMark: READ_CHUNK_BYTES,
          }),
        close: () => handle.close(),
      };
    } catch (err) {
      await handle.close();
      throw err;
    }
  }

  async has(key: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch (err) {
      if (isMissing(err)) return false;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async *keys(): AsyncIterable<string> {
    let entries;
    try {
      entries = await readdir(this.root, { recursive: true, withFileTypes: true });
    } catch (err) {
      if (isMissing(err)) return;
      throw err;
    }
    for (const entry of entries) {
      if (!entry.isFile() || TEMPORARY_FILE.test(entry.name)) continue;
      yield relative(this.root, join(entry.parentPath, entry.name)).split(sep).join('/');
    }
  }

  async check(): Promise<void> {
    await mkdir(this.root, { recursive: true });
    await access(this.root, constants.W_OK);
  }
}
