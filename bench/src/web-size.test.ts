import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import {
  firstViewFiles,
  MANIFEST_PATH,
  measureFirstViewBytes,
  type BuildManifest,
} from './web-size.js';

// A small build as Vite describes it: the entry imports the app once the page has loaded; the app
// and two pages share a chunk; the gallery page loads a heavy library only on demand (a dynamic
// import), which must not be counted.
const manifest: BuildManifest & Record<string, { dynamicImports?: string[] }> = {
  'index.html': {
    file: 'assets/index.js',
    imports: ['_preload.js'],
    dynamicImports: ['src/main.tsx'],
  },
  '_preload.js': { file: 'assets/preload.js' },
  'src/main.tsx': {
    file: 'assets/main.js',
    imports: ['_react.js', '_shared.js'],
    css: ['assets/index.css'],
    dynamicImports: ['src/app/routes/home.tsx', 'src/app/routes/gallery.tsx'],
  },
  '_react.js': { file: 'assets/react.js' },
  '_shared.js': { file: 'assets/shared.js', imports: ['_react.js'] },
  '_format.js': { file: 'assets/format.js', css: ['assets/format.css'] },
  'src/app/routes/home.tsx': { file: 'assets/home.js', imports: ['_shared.js', '_format.js'] },
  'src/app/routes/gallery.tsx': {
    file: 'assets/gallery.js',
    imports: ['_shared.js'],
    dynamicImports: ['src/heavy.ts'],
  },
  'src/heavy.ts': { file: 'assets/heavy.js', imports: ['_format.js'] },
};

const contents: Record<string, string> = {
  'assets/index.js': 'import "./preload.js";'.repeat(20),
  'assets/preload.js': 'export const preload = (load) => load();'.repeat(5),
  'assets/main.js': 'import "./react.js";'.repeat(20),
  'assets/react.js': 'export const createElement = () => null;'.repeat(200),
  'assets/shared.js': 'export const shared = 1;'.repeat(50),
  'assets/format.js': 'export const format = (n) => n.toFixed(2);'.repeat(30),
  'assets/home.js': 'export default function Home() {}'.repeat(10),
  'assets/gallery.js': 'export default function Gallery() {}'.repeat(10),
  'assets/heavy.js': 'export const dictionary = ["a", "b"];'.repeat(5000),
  'assets/index.css': 'body { margin: 0 }'.repeat(40),
  'assets/format.css': '.price { font-weight: bold }'.repeat(40),
};

const distDir = mkdtempSync(join(tmpdir(), 'web-size-'));
for (const [file, text] of Object.entries({
  ...contents,
  [MANIFEST_PATH]: JSON.stringify(manifest),
})) {
  mkdirSync(dirname(join(distDir, file)), { recursive: true });
  writeFileSync(join(distDir, file), text);
}
afterAll(() => rmSync(distDir, { recursive: true, force: true }));

const gzipKb = (files: string[]) =>
  Math.round(
    (files.reduce((sum, file) => sum + gzipSync(contents[file]!, { level: 9 }).length, 0) / 1024) *
      100,
  ) / 100;

/** Each page's first view: the entry, the app it imports, the page and their static imports. */
const HOME_JS = [
  'assets/format.js',
  'assets/home.js',
  'assets/index.js',
  'assets/main.js',
  'assets/preload.js',
  'assets/react.js',
  'assets/shared.js',
];
const GALLERY_JS = [
  'assets/gallery.js',
  'assets/index.js',
  'assets/main.js',
  'assets/preload.js',
  'assets/react.js',
  'assets/shared.js',
];

describe('first view bytes', () => {
  it('counts the entry, the app and the page chunk with their static imports, once each', () => {
    expect(firstViewFiles(manifest, 'src/app/routes/home.tsx')).toEqual({
      js: HOME_JS,
      css: ['assets/format.css', 'assets/index.css'],
    });
  });

  it('leaves out what a page only imports dynamically', () => {
    expect(firstViewFiles(manifest, 'src/app/routes/gallery.tsx')).toEqual({
      js: GALLERY_JS,
      css: ['assets/index.css'],
    });
  });

  it("reports gzip and brotli figures per page, with the budget on Pictura's own gzipped JavaScript", () => {
    const floorBytes = 1024;
    const figures = measureFirstViewBytes(distDir, floorBytes, [
      { path: '/', routeModule: 'src/app/routes/home.tsx' },
      { path: '/gallery', routeModule: 'src/app/routes/gallery.tsx' },
    ]);
    const byName = new Map(figures.map((figure) => [figure.name, figure]));
    const homeJs = gzipKb(HOME_JS);

    expect(byName.get('stack floor JavaScript (gzip)')?.value).toBe(1);
    expect(byName.get('first view JavaScript (gzip) /')).toEqual({
      name: 'first view JavaScript (gzip) /',
      value: homeJs,
      unit: 'KB',
    });
    expect(byName.get('first view JavaScript, own (gzip, less the stack floor) /')).toEqual({
      name: 'first view JavaScript, own (gzip, less the stack floor) /',
      value: expect.closeTo(homeJs - 1, 2),
      unit: 'KB',
      budget: { limit: 25, kind: 'max' },
    });
    expect(byName.get('first view JavaScript (gzip) /gallery')?.value).toBe(gzipKb(GALLERY_JS));
    expect(byName.get('first view CSS (gzip) /gallery')?.value).toBe(gzipKb(['assets/index.css']));
    expect([...byName.keys()]).toEqual([
      'stack floor JavaScript (gzip)',
      'first view JavaScript (gzip) /',
      'first view JavaScript, own (gzip, less the stack floor) /',
      'first view JavaScript (brotli) /',
      'first view CSS (gzip) /',
      'first view CSS (brotli) /',
      'first view JavaScript (gzip) /gallery',
      'first view JavaScript, own (gzip, less the stack floor) /gallery',
      'first view JavaScript (brotli) /gallery',
      'first view CSS (gzip) /gallery',
      'first view CSS (brotli) /gallery',
    ]);
  });

  it('fails when a page is missing from the build rather than counting less', () => {
    expect(() =>
      measureFirstViewBytes(distDir, 0, [{ path: '/x', routeModule: 'src/app/routes/x.tsx' }]),
    ).toThrow('"src/app/routes/x.tsx" is not in the web build\'s manifest');
  });
});
