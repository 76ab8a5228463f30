import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderReport, writeReport, type Figure } from './report.js';
import { measureCatalogReads } from './catalog-reads.js';
import { measureFirstViewBytes } from './web-size.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const distDir = join(root, 'apps', 'web', 'dist');
const reportPath = join(root, 'bench', 'results', 'latest.md');

if (!existsSync(join(distDir, 'index.html'))) {
  console.error('apps/web/dist is missing: run `npm run build` first.');
  process.exit(1);
}

/** Whole numbers from a comma-separated variable, or the default. */
function numbers(name: string, fallback: number[]): number[] {
  const text = process.env[name]?.trim();
  if (!text) return fallback;
  const values = text.split(',').map(Number);
  if (values.some((value) => !Number.isInteger(value) || value < 1)) {
    console.error(`${name} must be whole numbers separated by commas`);
    process.exit(1);
  }
  return values;
}

// BENCH_SIZES=1000,10000 and BENCH_SECONDS=2 make a shorter run.
const catalog = await measureCatalogReads({
  sizes: numbers('BENCH_SIZES', [1_000, 10_000, 100_000]).sort((a, b) => a - b),
  seconds: numbers('BENCH_SECONDS', [5])[0] ?? 5,
});
const figures: Figure[] = [...measureFirstViewBytes(distDir), ...catalog.figures];
const report = renderReport(
  figures,
  reportPath,
  `Pictura benchmarks (catalog on ${catalog.engine})`,
);
writeReport(reportPath, report);
console.log(report);
