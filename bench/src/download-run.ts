// `npm run bench:download`: the full-resolution download benchmark (download.ts) run
// BENCH_DOWNLOAD_RUNS times (default 3), its figures from the run with the median p99 written to
// bench/results/download.md and each run's p99 printed. BENCH_SECONDS sets each run's load (default 5).
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DOWNLOAD_FIGURE, measureDownload } from './download.js';
import { renderReport, writeReport, type Figure } from './report.js';

const reportPath = join(dirname(fileURLToPath(import.meta.url)), '..', 'results', 'download.md');
const runs = Number(process.env.BENCH_DOWNLOAD_RUNS ?? 3);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(seconds) || seconds < 1) {
  console.error('BENCH_DOWNLOAD_RUNS and BENCH_SECONDS must be whole numbers of at least 1');
  process.exit(1);
}

const p99Of = (figures: Figure[]) =>
  figures.find((figure) => figure.name === DOWNLOAD_FIGURE)?.value ?? Number.NaN;

const measured: Figure[][] = [];
for (let run = 1; run <= runs; run++) {
  // How busy the machine was: on a shared machine the latency follows it.
  const load = loadavg()[0] ?? 0;
  const figures = [
    ...(await measureDownload({ seconds, connections: 10 })),
    { name: 'machine load average (1 min) before the run', value: load, unit: '' },
  ];
  if (figures.length === 1) process.exit(1);
  console.error(`bench: download run ${run} of ${runs}: p99 ${p99Of(figures)} ms`);
  measured.push(figures);
}
// The run in the middle by p99 (the lower middle of an even number), whole: its figures belong together.
const median = [...measured].sort((a, b) => p99Of(a) - p99Of(b))[Math.floor((runs - 1) / 2)] ?? [];
const report = renderReport(
  [
    ...median,
    ...measured.map((figures, index) => ({
      name: `${DOWNLOAD_FIGURE}, run ${index + 1}`,
      value: p99Of(figures),
      unit: 'ms',
    })),
  ],
  reportPath,
  `Pictura download benchmark (median of ${runs} runs, on postgres)`,
);
writeReport(reportPath, report);
console.log(report);
