import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import {
  APP_MODULE,
  FIRST_VIEW_PAGES as SERVER_FIRST_VIEW_PAGES,
  MANIFEST_PATH,
  staticClosure,
  type Manifest,
} from '../../apps/server/src/http/spa-preload.js';
import type { Figure } from './report.js';

export type BuildManifest = Manifest;

/** A page whose first view is measured: its address and the route module the router loads for it. */
export interface FirstViewPage {
  path: string;
  routeModule: string;
}

export { MANIFEST_PATH };

/** The budgeted first views: the server announces the same pages' code in its `Link` header. */
export const FIRST_VIEW_PAGES: readonly FirstViewPage[] = SERVER_FIRST_VIEW_PAGES.map(
  ({ label, module }) => ({ path: label, routeModule: module }),
);

/**
 * The budget: Pictura's own code, each first view's gzipped JavaScript less the floor of the stack
 * it is built on (stack-floor.ts), at most 25 kB (docs/decisions/performance/README.md).
 */
export const OWN_JS_GZIP_BUDGET_KB = 25;

/**
 * The files a browser fetches before the page's first view is complete and working: the entry (what
 * index.html loads), the app it imports once the page has loaded, and the page's route chunk, each
 * with its static imports, transitively, and their stylesheets. Other dynamic imports are left out:
 * they load later (zxcvbn on focus, other pages).
 */
export function firstViewFiles(
  manifest: BuildManifest,
  routeModule: string,
): { js: string[]; css: string[] } {
  const { js, css, missing } = staticClosure(manifest, ['index.html', APP_MODULE, routeModule]);
  // A missing module would silently shrink the figure: a renamed route must fail the bench.
  if (missing.length > 0) throw new Error(`"${missing[0]}" is not in the web build's manifest`);
  return { js: [...js].sort(), css: [...css].sort() };
}

interface Compressed {
  gzip: number;
  brotli: number;
}

function compressedSize(distDir: string, files: string[], cache: Map<string, Compressed>) {
  const total: Compressed = { gzip: 0, brotli: 0 };
  for (const file of files) {
    let size = cache.get(file);
    if (!size) {
      const bytes = readFileSync(join(distDir, file));
      size = {
        gzip: gzipSync(bytes, { level: 9 }).length,
        brotli: brotliCompressSync(bytes).length,
      };
      cache.set(file, size);
    }
    total.gzip += size.gzip;
    total.brotli += size.brotli;
  }
  return total;
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 100) / 100;

/**
 * JavaScript and CSS bytes (each file compressed on its own, as a server sends it) needed for the
 * first view of each page, read from the build's manifest; and the JavaScript that is Pictura's own:
 * the page's less `floorGzipBytes`, the gzipped floor of the app's stack.
 */
export function measureFirstViewBytes(
  distDir: string,
  floorGzipBytes: number,
  pages: readonly FirstViewPage[] = FIRST_VIEW_PAGES,
): Figure[] {
  const manifest = JSON.parse(readFileSync(join(distDir, MANIFEST_PATH), 'utf8')) as BuildManifest;
  const cache = new Map<string, Compressed>();
  const floor: Figure = {
    name: 'stack floor JavaScript (gzip)',
    value: kb(floorGzipBytes),
    unit: 'KB',
  };
  return [
    floor,
    ...pages.flatMap(({ path, routeModule }) => {
      const files = firstViewFiles(manifest, routeModule);
      const js = compressedSize(distDir, files.js, cache);
      const css = compressedSize(distDir, files.css, cache);
      return [
        { name: `first view JavaScript (gzip) ${path}`, value: kb(js.gzip), unit: 'KB' },
        {
          name: `first view JavaScript, own (gzip, less the stack floor) ${path}`,
          value: kb(js.gzip - floorGzipBytes),
          unit: 'KB',
          budget: { limit: OWN_JS_GZIP_BUDGET_KB, kind: 'max' },
        },
        { name: `first view JavaScript (brotli) ${path}`, value: kb(js.brotli), unit: 'KB' },
        { name: `first view CSS (gzip) ${path}`, value: kb(css.gzip), unit: 'KB' },
        { name: `first view CSS (brotli) ${path}`, value: kb(css.brotli), unit: 'KB' },
      ] satisfies Figure[];
    }),
  ];
}
