import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MANIFEST_PATH, staticClosure, type Manifest } from './spa-preload.js';

/**
 * The `<link>` tags a rendered page adds to index.html's: the styles of the page modules it shows,
 * which must be there before the first paint (the HTML is drawn before any script runs), and their
 * code as modulepreload, so that hydration does not wait for a chain of imports. index.html already
 * loads the entry's. `crossorigin` as Vite's own tags have it, so the browser reuses the download.
 */
export function createPageAssets(distDir: string): (pages: readonly string[]) => string {
  const manifestFile = join(distDir, MANIFEST_PATH);
  if (!existsSync(manifestFile)) return () => '';
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const entry = staticClosure(manifest, ['index.html']);
  const cache = new Map<string, string>();
  return (pages) => {
    const key = pages.join(' ');
    let tags = cache.get(key);
    if (tags === undefined) {
      const { js, css } = staticClosure(
        manifest,
        pages.map((page) => `src/app/routes/${page}.tsx`),
      );
      tags = [
        ...[...css]
          .filter((file) => !entry.css.has(file))
          .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
        ...[...js]
          .filter((file) => !entry.js.has(file))
          .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
      ].join('\n    ');
      cache.set(key, tags);
    }
    return tags;
  };
}
