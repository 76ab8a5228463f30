// `npm run bench`: every performance figure and its budget, written to bench/results/latest.md.
// Quicker runs: BENCH_SKIP=catalog,checkout,download,render,lighthouse,generation leaves those parts out
// (names separated by commas; first-view sizes always run); BENCH_LIGHTHOUSE_RUNS=1 audits each
// page once per CPU setting (default 5, the median reported); BENCH_GENERATIONS=3 runs fewer
// generations (default 10); BENCH_SIZES and BENCH_SECONDS below shorten the catalog part, and
// BENCH_SECONDS the checkout, download and page rendering parts.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureGeneration } from './generation.js';
import { measureLighthouse } from './lighthouse.js';
import { measurePageRender } from './page-render.js';
import { renderReport, writeReport, type Figure } from './report.js';
import { measureCatalogReads } from './catalog-reads.js';
import { measureCheckout } from './checkout.js';
import { measureDownload } from './download.js';
import { APP_STACK, stackFloorBytes } from './stack-floor.js';
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

const skip = new Set(process.env.BENCH_SKIP?.split(',').map((part) => part.trim()));
const seconds = numbers('BENCH_SECONDS', [5])[0] ?? 5;
// First-view JavaScript against the floor of the app's stack, measured now with the same Vite.
const firstView = measureFirstViewBytes(distDir, await stackFloorBytes(APP_STACK));
// BENCH_SIZES=1000,10000 and BENCH_SECONDS=2 make a shorter run.
const catalog = skip.has('catalog')
  ? undefined
  : await measureCatalogReads({
      sizes: numbers('BENCH_SIZES', [1_000, 10_000, 100_000]).sort((a, b) => a - b),
      seconds,
    });
// Checkout: 50 connections placing orders paid by balance, invariants checked afterwards.
const checkout = skip.has('checkout') ? [] : await measureCheckout({ seconds, connections: 50 });
// A purchased full-resolution file, kept at payment, downloaded at 10 connections.
const download = skip.has('download') ? [] : await measureDownload({ seconds, connections: 10 });
// The picture page's HTML from the render cache and rendered afresh, in a catalog of 10,000.
const render = skip.has('render') ? [] : await measurePageRender({ offers: 10_000, seconds });
// One after the other, on a quiet machine: Lighthouse's simulated timings follow the CPU it gets.
const lighthouse = skip.has('lighthouse')
  ? []
  : await measureLighthouse(numbers('BENCH_LIGHTHOUSE_RUNS', [5])[0] ?? 5);
const generation = skip.has('generation')
  ? []
  : await measureGeneration(numbers('BENCH_GENERATIONS', [10])[0] ?? 10);
const figures: Figure[] = [
  ...firstView,
  ...(catalog?.figures ?? []),
  ...checkout,
  ...download,
  ...render,
  ...lighthouse,
  ...generation,
];
const report = renderReport(
  figures,
  reportPath,
  catalog ? `Pictura benchmarks (catalog on ${catalog.engine})` : 'Pictura benchmarks',
);
writeReport(reportPath, report);
console.log(report);
