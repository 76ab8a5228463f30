// Lighthouse on the production build: `/`, `/gallery` and a picture page with the
// default configuration, which is the mobile preset with simulated throttling. Nothing leaves the
// machine: Chromium resolves no host but loopback, and Lighthouse's error reporting (Sentry) starts
// only from its command line, which this does not use.
import { launch } from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { apiPaths, OfferListSchema, paths } from '@pictura/contract';
import { startBuiltServer } from './built-server.js';
import type { Figure } from './report.js';

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const SCORE_BUDGET = 95;
const CLS_BUDGET = 0.05;
const ATTEMPTS = 3;

const CHROME_FLAGS = [
  '--headless',
  // Any host but loopback is unknown: the browser cannot reach out even if something asks it to.
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
  // Chromium refuses to run as root with its sandbox (CI and this machine run as root).
  ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
];

/** The page under test; `name` keeps figure names stable when the demo catalog changes. */
interface Page {
  name: string;
  path: string;
}

async function pictureUrlName(origin: string): Promise<string> {
  const response = await fetch(`${origin}${apiPaths.offersLatest}?Currency=EUR`);
  const [first] = OfferListSchema.parse(await response.json());
  if (!first) throw new Error('the demo catalog has no offers');
  return first.urlName;
}

/** Audits that cost points in a category, so that a score under budget says why. */
function failingAudits(result: Result, category: string): string[] {
  const refs = result.categories[category]?.auditRefs ?? [];
  return refs.flatMap(({ id, weight }) => {
    const audit = result.audits[id];
    if (!audit || audit.score === null || audit.score >= 0.9) return [];
    const shown = audit.displayValue ? ` (${audit.displayValue})` : '';
    return [`${id}: score ${audit.score}, weight ${weight}${shown}: ${audit.title}`];
  });
}

function figuresOf(page: Page, result: Result): Figure[] {
  const figures: Figure[] = CATEGORIES.map((category) => ({
    name: `lighthouse ${category} ${page.name}`,
    value: Math.round((result.categories[category]?.score ?? 0) * 100),
    unit: 'score',
    budget: { limit: SCORE_BUDGET, kind: 'min' },
  }));
  const numeric = (id: string) => result.audits[id]?.numericValue ?? Number.NaN;
  figures.push(
    {
      name: `lighthouse LCP ${page.name}`,
      value: Math.round(numeric('largest-contentful-paint')),
      unit: 'ms',
    },
    {
      name: `lighthouse CLS ${page.name}`,
      value: Math.round(numeric('cumulative-layout-shift') * 1000) / 1000,
      unit: 'unitless',
      budget: { limit: CLS_BUDGET, kind: 'max' },
    },
  );
  return figures;
}

/**
 * One page's report. A run that failed to record its trace (NO_NAVSTART and the like, seen when the
 * machine is busy) is repeated, as Lighthouse itself advises, before giving up.
 */
async function audit(url: string, port: number): Promise<Result> {
  for (let attempt = 1; ; attempt += 1) {
    const runner = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    const error = runner ? runner.lhr.runtimeError : { message: 'no result' };
    if (runner && !error) return runner.lhr;
    if (attempt === ATTEMPTS) throw new Error(`Lighthouse on ${url}: ${error?.message}`);
    console.warn(`Lighthouse on ${url}: ${error?.message}; running it again`);
  }
}

/**
 * Runs Lighthouse `runs` times on each of the three pages, one run after the other, and reports each
 * page's median run (the one nearest the median first paint and time to interactive, as Lighthouse
 * advises against its run-to-run variance); prints what costs points.
 */
export async function measureLighthouse(runs: number): Promise<Figure[]> {
  const server = await startBuiltServer();
  try {
    const pages: Page[] = [
      { name: '/', path: paths.home },
      { name: '/gallery', path: paths.gallery },
      { name: 'picture page', path: paths.picture(await pictureUrlName(server.origin)) },
    ];
    const chrome = await launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
    try {
      const figures: Figure[] = [];
      let benchmarkIndex = Number.POSITIVE_INFINITY;
      for (const page of pages) {
        const results: Result[] = [];
        for (let run = 0; run < runs; run += 1) {
          results.push(await audit(`${server.origin}${page.path}`, chrome.port));
        }
        const lhr = computeMedianRun(results);
        for (const warning of lhr.runWarnings) console.warn(`Lighthouse ${page.path}: ${warning}`);
        for (const category of CATEGORIES) {
          const failing = failingAudits(lhr, category);
          if (failing.length === 0) continue;
          console.log(`Lighthouse ${page.path}, ${category}, below 0.9:`);
          for (const line of failing) console.log(`  ${line}`);
        }
        figures.push(...figuresOf(page, lhr));
        benchmarkIndex = Math.min(benchmarkIndex, lhr.environment.benchmarkIndex);
      }
      // The simulated timings scale with the CPU Chromium got: Lighthouse's measure of its speed,
      // the lowest of the reported runs (a low one says the machine was busy with other work).
      figures.push({
        name: 'lighthouse benchmark index',
        value: Math.round(benchmarkIndex),
        unit: 'index',
      });
      return figures;
    } finally {
      chrome.kill();
    }
  } finally {
    await server.stop();
  }
}
