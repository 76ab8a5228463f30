import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Figure } from './report.js';

/**
 * Bytes a browser must fetch for the first view: the scripts, module preloads and stylesheets that
 * the built index.html references. Route chunks loaded after start-up are not counted here.
 */
export function measureFirstViewBytes(distDir: string): Figure[] {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const references = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(js|css))"/g)];
  const totals = { js: { gzip: 0, brotli: 0 }, css: { gzip: 0, brotli: 0 } };
  for (const [, path, kind] of references) {
    const bytes = readFileSync(join(distDir, path!));
    const total = totals[kind as 'js' | 'css'];
    total.gzip += gzipSync(bytes, { level: 9 }).length;
    total.brotli += brotliCompressSync(bytes).length;
  }
  const kb = (bytes: number) => Math.round((bytes / 1024) * 100) / 100;
  return [
    {
      name: 'first view JavaScript (gzip)',
      value: kb(totals.js.gzip),
      unit: 'KB',
      budget: { limit: 120, kind: 'max' },
    },
    { name: 'first view JavaScript (brotli)', value: kb(totals.js.brotli), unit: 'KB' },
    { name: 'first view CSS (gzip)', value: kb(totals.css.gzip), unit: 'KB' },
    { name: 'first view CSS (brotli)', value: kb(totals.css.brotli), unit: 'KB' },
  ];
}
