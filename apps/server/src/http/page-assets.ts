import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { APP_MODULE, MANIFEST_PATH, type Manifest } from './spa-preload.js';

/**
 * The stylesheets of some modules and of their static imports, imports first and each file once:
 * the order the browser build gave them, so that a component's rule comes after the base styles it
 * overrides (main.tsx imports the base styles first).
 */
export function stylesheetsInOrder(manifest: Manifest, roots: readonly string[]): string[] {
  const visited = new Set<string>();
  const files: string[] = [];
  const visit = (key: string) => {
    if (visited.has(key)) return;
    visited.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    for (const imported of chunk.imports ?? []) visit(imported);
    for (const file of chunk.css ?? []) if (!files.includes(file)) files.push(file);
  };
  for (const root of roots) visit(root);
  return files;
}

/**
 * The `<link>` tags a rendered page adds to index.html's: the styles of the app and of the page
 * modules it shows, which must be there before the first paint (the HTML is drawn before any
 * script runs). Not their code: index.html's entry (src/boot.ts) fetches it once the page has
 * loaded. `crossorigin` as Vite's own tags have it, so the app's loader finds them and does not
 * fetch them again.
 */
export function createPageAssets(distDir: string): (pages: readonly string[]) => string {
  const manifestFile = join(distDir, MANIFEST_PATH);
  if (!existsSync(manifestFile)) return () => '';
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const cache = new Map<string, string>();
  return (pages) => {
    const key = pages.join(' ');
    let tags = cache.get(key);
    if (tags === undefined) {
      const roots = [APP_MODULE, ...pages.map((page) => `src/app/routes/${page}.tsx`)];
      tags = stylesheetsInOrder(manifest, roots)
        .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`)
        .join('\n    ');
      cache.set(key, tags);
    }
    return tags;
  };
}
