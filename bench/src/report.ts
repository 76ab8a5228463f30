import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** One measured figure. `budget` is the limit it must stay within, in the same unit. */
export interface Figure {
  name: string;
  value: number;
  unit: string;
  budget?: { limit: number; kind: 'max' | 'min' };
  /** Measured value divided by what the same machine achieves at best (1.0 = as fast as possible). */
  ratioToCeiling?: number;
}

const HEADER =
  '| figure | value | unit | budget | within budget | ratio to ceiling | previous | change |';

function previousValues(path: string): Map<string, number> {
  const values = new Map<string, number>();
  if (!existsSync(path)) return values;
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    const value = Number(cells[2]);
    if (cells.length > 3 && cells[1] && !Number.isNaN(value) && cells[1] !== 'figure') {
      values.set(cells[1], value);
    }
  }
  return values;
}

const format = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(2));

/** Renders the figures as a Markdown table, each compared with the previous run's value. */
export function renderReport(figures: Figure[], previousPath: string, title: string): string {
  const previous = previousValues(previousPath);
  const rows = figures.map((figure) => {
    const before = previous.get(figure.name);
    const within = figure.budget
      ? figure.budget.kind === 'max'
        ? figure.value <= figure.budget.limit
        : figure.value >= figure.budget.limit
      : undefined;
    const change =
      before === undefined || before === 0
        ? ''
        : `${figure.value >= before ? '+' : ''}${(((figure.value - before) / before) * 100).toFixed(1)}%`;
    return [
      figure.name,
      format(figure.value),
      figure.unit,
      figure.budget
        ? `${figure.budget.kind === 'max' ? '≤' : '≥'} ${format(figure.budget.limit)}`
        : '',
      within === undefined ? '' : within ? 'yes' : 'NO',
      figure.ratioToCeiling === undefined ? '' : figure.ratioToCeiling.toFixed(2),
      before === undefined ? '' : format(before),
      change,
    ];
  });
  const table = [HEADER, `|${' --- |'.repeat(8)}`, ...rows.map((row) => `| ${row.join(' | ')} |`)];
  const budgeted = rows.filter((row) => row[4] !== '');
  const missed = budgeted.filter((row) => row[4] === 'NO').map((row) => row[0]);
  return [
    `# ${title}`,
    '',
    `Measured ${new Date().toISOString()} on ${process.platform}/${process.arch}, Node ${process.version}.`,
    '',
    `Budgets met: ${budgeted.length - missed.length} of ${budgeted.length}.` +
      (missed.length > 0 ? ` Not met: ${missed.join('; ')}.` : ''),
    '',
    ...table,
    '',
  ].join('\n');
}

export function writeReport(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}
