import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPageAssets, stylesheetsInOrder } from './page-assets.js';

/**
 * A web build's manifest in the shape Vite writes: index.html's entry imports the app dynamically;
 * the app and two pages share code, each with its styles.
 */
const MANIFEST = {
  'index.html': {
    file: 'assets/index-1.js',
    imports: ['_preload-helper-0.js'],
    dynamicImports: ['src/main.tsx'],
  },
  '_preload-helper-0.js': { file: 'assets/preload-helper-0.js' },
  'src/main.tsx': {
    file: 'assets/main-1.js',
    imports: ['_app-2.js'],
    css: ['assets/main-1.css'],
    dynamicImports: ['src/app/routes/home.tsx', 'src/app/routes/picture.tsx'],
  },
  '_app-2.js': { file: 'assets/app-2.js', css: ['assets/app-2.css'] },
  '_grid-3.js': { file: 'assets/grid-3.js', imports: ['_app-2.js'], css: ['assets/grid-3.css'] },
  'src/app/routes/home.tsx': {
    file: 'assets/home-4.js',
    imports: ['_app-2.js', '_grid-3.js'],
    css: ['assets/home-4.css'],
  },
  'src/app/routes/picture.tsx': { file: 'assets/picture-5.js', imports: ['_app-2.js'] },
};

let distDir: string;

beforeAll(async () => {
  distDir = await mkdtemp(join(tmpdir(), 'pictura-assets-'));
  await mkdir(join(distDir, '.vite'));
  await writeFile(join(distDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
});

afterAll(async () => {
  await rm(distDir, { recursive: true, force: true });
});

describe("a rendered page's assets", () => {
  it('are the stylesheets of the app and of its page modules, imports first, each once', () => {
    expect(stylesheetsInOrder(MANIFEST, ['src/main.tsx', 'src/app/routes/home.tsx'])).toEqual([
      'assets/app-2.css',
      'assets/main-1.css',
      'assets/grid-3.css',
      'assets/home-4.css',
    ]);
  });

  it('are link tags for those styles and never for code, which loads after the page', () => {
    const assetsOf = createPageAssets(distDir);
    expect(
      assetsOf(['home'])
        .split('\n')
        .map((tag) => tag.trim()),
    ).toEqual([
      '<link rel="stylesheet" crossorigin href="/assets/app-2.css">',
      '<link rel="stylesheet" crossorigin href="/assets/main-1.css">',
      '<link rel="stylesheet" crossorigin href="/assets/grid-3.css">',
      '<link rel="stylesheet" crossorigin href="/assets/home-4.css">',
    ]);
    // A page without styles of its own still gets the app's.
    expect(assetsOf(['picture'])).not.toContain('modulepreload');
    expect(assetsOf(['picture'])).toContain('/assets/main-1.css');
  });

  it('are nothing without a manifest', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'pictura-assets-'));
    expect(createPageAssets(empty)(['home'])).toBe('');
    await rm(empty, { recursive: true, force: true });
  });
});
