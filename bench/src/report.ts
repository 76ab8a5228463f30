import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** One measured figure. `budget` is the limit it must stay within, in the same unit. */
export interface Figure {
  name: string;
  value: number;
  unit: string;
  /** `max`: at most the limit; `below`: under it; `min`: at least the limit. */
  budget?: { limit: number; kind: 'max' | 'below' | 'min' };
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

const BUDGET_SIGNS = { max: '≤', below: '<', min: '≥' } as const;

function withinBudget(value: number, budget: NonNullable<Figure['budget']>): boolean {
  if (budget.kind === 'max') return value <= budget.limit;
  if (budget.kind === 'below') return value < budget.limit;
  return value >= budget.limit;
}

/** Two decimals, or three under 1 (a CLS of 0.015 must not read as its budget, 0.02). */
const format = (value: number) =>
  Number.isInteger(value)
    ? String(value)
    : Math.abs(value) < 1
      ? String(Number(value.toFixed(3)))
      : value.toFixed(2);

/** Renders the figures as a Markdown table, each compared with the previous run's value. */
export function renderReport(figures: Figure[], previousPath: string, title: string): string {
  const previous = previousValues(previousPath);
  const rows = figures.map((figure) => {
    const before = previous.get(figure.name);
    const within = figure.budget ? withinBudget(figure.value, figure.budget) : undefined;
    const change =
      before === undefined || before === 0
        ? ''
        : `${figure.value >= before ? '+' : ''}${(((figure.value - before) / before) * 100).toFixed(1)}%`;
    return [
      figure.name,
      format(figure.value),
      figure.unit,
      figure.budget ? `${BUDGET_SIGNS[figure.budget.kind]} ${format(figure.budget.limit)}` : '',
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
