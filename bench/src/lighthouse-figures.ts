// The figures `npm run bench` reports from Lighthouse's runs, with their budgets: scores, largest
// paint and layout shift on the preset's phone, first and largest paint on a phone with the CPU 8×
// slower (simulated, as the preset does, and observed under DevTools throttling), and what the
// page's scripts add to them. Each figure is the median of its values over a setting's runs.
import type { Result } from 'lighthouse';
import type { Figure } from './report.js';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
/** The budgets: performance 98, the other categories 95; LCP 1.2 s; CLS under 0.02. */
const SCORE_BUDGETS: Record<Category, number> = {
  performance: 98,
  accessibility: 95,
  'best-practices': 95,
  seo: 95,
};
const LCP_BUDGET_MS = 1_200;
const CLS_BUDGET = 0.02;
/** The slow phone's CPU slowdown, against the mobile preset's 4. */
export const SLOW_CPU = 8;
/**
 * First and largest paint on the slow phone at most 15 % later than on the preset's phone, and,
 * observed on the slow phone, at most 15 % later with the page's scripts than without them.
 */
const SLOW_CPU_MAX_RATIO = 1.15;
const PAINTS = [
  ['FCP', 'first-contentful-paint'],
  ['LCP', 'largest-contentful-paint'],
] as const;

/** The page under test; `name` keeps figure names stable when the demo catalog changes. */
export interface Page {
  name: string;
  path: string;
}

const numeric = (result: Result, id: string) => result.audits[id]?.numericValue ?? Number.NaN;
const ratio = (slow: number, normal: number) => Math.round((slow / normal) * 100) / 100;

/** The middle value (the mean of the two middle ones for an even count). */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
}

/**
 * Each figure is the median of its own values over the runs: the scores, LCP and CLS with their
 * budgets, and first and largest paint at 4× and 8× (the ratios are of those medians).
 */
export function figuresOf(page: Page, runs: Result[], slowRuns: Result[]): Figure[] {
  const medianOf = (results: Result[], value: (result: Result) => number) =>
    median(results.map(value));
  const figures: Figure[] = CATEGORIES.map((category) => ({
    name: `lighthouse ${category} ${page.name}`,
    value: Math.round(medianOf(runs, (run) => run.categories[category]?.score ?? 0) * 100),
    unit: 'score',
    budget: { limit: SCORE_BUDGETS[category], kind: 'min' },
  }));
  figures.push(
    {
      name: `lighthouse LCP ${page.name}`,
      value: Math.round(medianOf(runs, (run) => numeric(run, 'largest-contentful-paint'))),
      unit: 'ms',
      budget: { limit: LCP_BUDGET_MS, kind: 'max' },
    },
    {
      name: `lighthouse CLS ${page.name}`,
      value:
        Math.round(medianOf(runs, (run) => numeric(run, 'cumulative-layout-shift')) * 1000) / 1000,
      unit: 'unitless',
      budget: { limit: CLS_BUDGET, kind: 'below' },
    },
  );
  const normalCpu = runs[0]?.configSettings.throttling.cpuSlowdownMultiplier;
  for (const [metric, id] of PAINTS) {
    const normal = Math.round(medianOf(runs, (run) => numeric(run, id)));
    const slowed = Math.round(medianOf(slowRuns, (run) => numeric(run, id)));
    figures.push(
      { name: `lighthouse ${metric} at ${normalCpu}× CPU ${page.name}`, value: normal, unit: 'ms' },
      { name: `lighthouse ${metric} at ${SLOW_CPU}× CPU ${page.name}`, value: slowed, unit: 'ms' },
      {
        name: `lighthouse ${metric} ${SLOW_CPU}× / ${normalCpu}× CPU ${page.name}`,
        value: ratio(slowed, normal),
        unit: 'ratio',
        budget: { limit: SLOW_CPU_MAX_RATIO, kind: 'max' },
      },
    );
  }
  return figures;
}

/**
 * First and largest paint on the slow phone with the page's scripts against the same page with
 * every script blocked.
 *
 * Simulated (Lighthouse's default): reported without a budget, to explain the 8× / 4× ratio. The
 * model counts the task in which the parser asked for the entry script (the navigation's commit) in
 * the largest paint whenever that script had loaded before the paint, though the paint does not
 * wait for it (docs/decisions/performance/what-lighthouse-counts-on-a-server-rendered-page.md).
 *
 * Observed (DevTools throttling: Chromium's own CPU slowed 8× and the preset's network applied to
 * each request, the paints measured in the browser): budgeted, as the measure of what the 8× runs
 * are for, content that does not wait for JavaScript. The with-scripts value is reported too.
 */
export function withoutScriptsFigures(
  page: Page,
  withScripts: Result[],
  withoutScripts: Result[],
  { observed }: { observed: boolean },
): Figure[] {
  const setting = `${SLOW_CPU}× CPU${observed ? ', observed' : ''}`;
  return PAINTS.flatMap(([metric, id]) => {
    const scripted = Math.round(median(withScripts.map((run) => numeric(run, id))));
    const blocked = Math.round(median(withoutScripts.map((run) => numeric(run, id))));
    const figures: Figure[] = [
      {
        name: `lighthouse ${metric} at ${setting}, scripts blocked ${page.name}`,
        value: blocked,
        unit: 'ms',
      },
      {
        name: `lighthouse ${metric} at ${setting}, with / without scripts ${page.name}`,
        value: ratio(scripted, blocked),
        unit: 'ratio',
        ...(observed ? { budget: { limit: SLOW_CPU_MAX_RATIO, kind: 'max' as const } } : {}),
      },
    ];
    if (observed) {
      figures.unshift({
        name: `lighthouse ${metric} at ${setting} ${page.name}`,
        value: scripted,
        unit: 'ms',
      });
    }
    return figures;
  });
}
