// After `vite build`: a brotli (.br) and a gzip (.gz) copy next to each text file of dist (index.html,
// the hashed assets). The server sends them to browsers that accept them (@fastify/static
// `preCompressed`), so the strongest compression is paid once per build instead of on every
// request. Run from apps/web.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const TEXT_FILE = /\.(js|mjs|css|json|svg|html|txt|wasm)$/;
// Below this a response fits in a packet or two either way.
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Writes the copies that are smaller than the file; answers how many it wrote. */
async function precompress(file: string): Promise<number> {
  const bytes = await readFile(file);
  if (bytes.length < MIN_BYTES) return 0;
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gzipped(bytes, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  // A copy that is not smaller would only cost the browser a decompression.
  const copies = [
    { name: `${file}.br`, data: br },
    { name: `${file}.gz`, data: gz },
  ].filter(({ data }) => data.length < bytes.length);
  await Promise.all(copies.map(({ name, data }) => writeFile(name, data)));
  return copies.length;
}

const distDir = path.resolve(process.argv[2] ?? 'dist');
const names = await readdir(distDir, { recursive: true });
// Dot-folders (Vite's manifest) are build metadata the server never sends.
const files = names
  .filter(
    (name) => TEXT_FILE.test(name) && !name.split(path.sep).some((part) => part.startsWith('.')),
  )
  .map((name) => path.join(distDir, name));
const written = (await Promise.all(files.map(precompress))).reduce((sum, n) => sum + n, 0);
console.log(`${written} compressed copies of ${files.length} files in ${distDir}`);
