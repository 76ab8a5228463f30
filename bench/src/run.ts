import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderReport, writeReport, type Figure } from './report.js';
import { measureFirstViewBytes } from './web-size.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const distDir = join(root, 'apps', 'web', 'dist');
const reportPath = join(root, 'bench', 'results', 'latest.md');

if (!existsSync(join(distDir, 'index.html'))) {
  console.error('apps/web/dist is missing: run `npm run build` first.');
  process.exit(1);
}

const figures: Figure[] = [...measureFirstViewBytes(distDir)];
const report = renderReport(figures, reportPath, 'Pictura benchmarks');
writeReport(reportPath, report);
console.log(report);
