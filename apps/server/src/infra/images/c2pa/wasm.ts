import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { initSync } from '@contentauth/c2pa-wasm';

/**
 * c2pa-rs's builder reads the file it signs as a browser `Blob` through `FileReaderSync`, which
 * only browsers' workers have. It only asks a blob for its `size`, for `slice(start, end)` and for
 * `FileReaderSync.readAsArrayBuffer`: this blob over bytes in memory, and a reader of it, are all
 * it needs in Node.
 */
export class BytesBlob {
  constructor(readonly bytes: Uint8Array) {}

  get size(): number {
    return this.bytes.length;
  }

  slice(start = 0, end = this.bytes.length): BytesBlob {
    return new BytesBlob(this.bytes.subarray(start, end));
  }
}

class BytesBlobReader {
  /** A copy of the blob's bytes (a Node Buffer's own `slice` would share its pool's memory). */
  readAsArrayBuffer(blob: BytesBlob): ArrayBuffer {
    return new Uint8Array(blob.bytes).buffer;
  }
}

let loaded = false;

/** Loads c2pa-rs (its WebAssembly, about 9 MB) into this process once, on first use. */
export function loadC2pa(): void {
  if (loaded) return;
  const require = createRequire(import.meta.url);
  initSync({ module: readFileSync(require.resolve('@contentauth/c2pa-wasm/c2pa.wasm')) });
  const scope = globalThis as { FileReaderSync?: unknown };
  scope.FileReaderSync ??= BytesBlobReader;
  loaded = true;
}

/** `bytes` as the `Blob` c2pa-rs's builder takes (see `BytesBlob`). */
export const blobOf = (bytes: Uint8Array): Blob => new BytesBlob(bytes) as unknown as Blob;
