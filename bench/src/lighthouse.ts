// Lighthouse on the production build: `/`, `/gallery` and a picture page with the default
// configuration, which is the mobile preset with simulated throttling (a phone 4× slower than this
// machine), and again with the CPU 8× slower, as a slow phone: the pages are rendered on the server,
// so their content must not wait for the JavaScript, and a slower CPU must barely delay it; at 8×
// with every script blocked, to show what the model puts on the scripts; and at 8× with and without
// scripts under DevTools throttling (the browser itself slowed), where the paints are measured, not
// modelled. The pages are fetched as a phone fetches them from the deployed shop: over TLS and
// HTTP/2 from the front that terminates it (src/tls-front.ts;
// docs/decisions/performance/lighthouse-through-tls-and-http2.md). Nothing leaves the machine:
// Chromium resolves no host but loopback, and Lighthouse's error reporting (Sentry) starts only
// from its command line, which this does not use.
import { launch } from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { apiPaths, OfferListSchema, paths } from '@pictura/contract';
import { freePort } from '../../apps/server/src/test/server-process.js';
import { CHROMIUM_PATH } from '../../scripts/ensure-chromium.mjs';
import { startBuiltServer } from './built-server.js';
import { startTlsFront } from './tls-front.js';
import type { Figure } from './report.js';
import {
  CATEGORIES,
  figuresOf,
  type Page,
  SLOW_CPU,
  withoutScriptsFigures,
} from './lighthouse-figures.js';

const CHROME_PATH = process.env.CHROME_PATH ?? CHROMIUM_PATH;
const ATTEMPTS = 3;
/** Every script the page asks for (Lighthouse's `blockedUrlPatterns` syntax). */
const SCRIPT_PATTERN = '*.js';
/** What an observed run is for: its paints, and its requests to check that blocking worked. */
const OBSERVED_AUDITS = ['first-contentful-paint', 'largest-contentful-paint', 'network-requests'];

const CHROME_FLAGS = [
  '--headless',
  // Any host but loopback is unknown: the browser cannot reach out even if something asks it to.
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
  // Chromium refuses to run as root with its sandbox (CI and this machine run as root).
  ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
  // The TLS front's certificate is made for the run and signed by nobody.
  '--ignore-certificate-errors',
];

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

/** The scripts a run loaded (answered 200), from its `network-requests` audit. */
function scriptsLoaded(result: Result): string[] {
  const details = result.audits['network-requests']?.details;
  const items = details?.type === 'table' ? details.items : [];
  return items.flatMap((item) =>
    item.resourceType === 'Script' && item.statusCode === 200 ? [String(item.url)] : [],
  );
}

interface AuditSetting {
  cpuSlowdown?: number;
  blockScripts?: boolean;
  /**
   * DevTools throttling instead of the simulation: Chromium itself runs with its CPU slowed and the
   * preset's network applied to each request, and the paints are the ones it measured. Only the
   * paints and the requests (to check blocking) are audited.
   */
  observed?: boolean;
}

/**
 * One page's report. A run that failed to record its trace (NO_NAVSTART and the like, seen when the
 * machine is busy) is repeated, as Lighthouse itself advises, before giving up.
 */
async function audit(
  url: string,
  port: number,
  { cpuSlowdown, blockScripts = false, observed = false }: AuditSetting = {},
): Promise<Result> {
  const flags: Flags = {
    port,
    output: 'json',
    logLevel: 'error',
    ...(observed
      ? { throttlingMethod: 'devtools', onlyAudits: OBSERVED_AUDITS }
      : { onlyCategories: [...CATEGORIES] }),
    // Merged into the preset's throttling: the same network, a slower CPU.
    ...(cpuSlowdown ? { throttling: { cpuSlowdownMultiplier: cpuSlowdown } } : {}),
    ...(blockScripts ? { blockedUrlPatterns: [SCRIPT_PATTERN] } : {}),
  };
  for (let attempt = 1; ; attempt += 1) {
    const runner = await lighthouse(url, flags);
    const error = runner ? runner.lhr.runtimeError : { message: 'no result' };
    if (runner && !error) {
      const { throttling, throttlingMethod } = runner.lhr.configSettings;
      const applied = throttling.cpuSlowdownMultiplier;
      if (cpuSlowdown && applied !== cpuSlowdown) {
        throw new Error(`Lighthouse ran with a CPU slowdown of ${applied}, not ${cpuSlowdown}`);
      }
      if (observed && throttlingMethod !== 'devtools') {
        throw new Error(`Lighthouse throttled by ${throttlingMethod}, not by DevTools`);
      }
      const loadedScripts = blockScripts ? scriptsLoaded(runner.lhr) : [];
      if (loadedScripts.length > 0) {
        throw new Error(`Lighthouse loaded ${loadedScripts.join(', ')} with scripts blocked`);
      }
      return runner.lhr;
    }
    if (attempt === ATTEMPTS) throw new Error(`Lighthouse on ${url}: ${error?.message}`);
    console.warn(`Lighthouse on ${url}: ${error?.message}; running it again`);
  }
}

/** Prints each category's audits that cost points in the median run, so a missed budget says why. */
function printFailingAudits(path: string, lhr: Result): void {
  for (const warning of lhr.runWarnings) console.warn(`Lighthouse ${path}: ${warning}`);
  for (const category of CATEGORIES) {
    const failing = failingAudits(lhr, category);
    if (failing.length === 0) continue;
    console.log(`Lighthouse ${path}, ${category}, below 0.9:`);
    for (const line of failing) console.log(`  ${line}`);
  }
}

/**
 * Runs Lighthouse `runs` times on each of the three pages with each setting: the mobile preset, the
 * CPU 8× slower, and 8× with scripts blocked, simulated; 8× with and without scripts, observed. The
 * settings take turns (each preset run followed by a slow one, and so on, so that all see the
 * machine alike), and each figure is the median of its values over a setting's runs. Not
 * Lighthouse's median run (the one nearest the median first paint and time to interactive): its
 * largest paint can be any of the runs', and a ratio of two such runs doubled the noise. The
 * median run still names the audits that cost points.
 */
export async function measureLighthouse(runs: number): Promise<Figure[]> {
  const frontPort = await freePort();
  // The shop's own links (canonical, og:url, sitemap) name the address the browser uses.
  const server = await startBuiltServer({ PUBLIC_URL: `https://127.0.0.1:${frontPort}` });
  const front = await startTlsFront(server.origin, frontPort);
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
        const url = `${front.origin}${page.path}`;
        const normal: Result[] = [];
        const slow: Result[] = [];
        const slowWithoutScripts: Result[] = [];
        const observed: Result[] = [];
        const observedWithoutScripts: Result[] = [];
        const slowed = { cpuSlowdown: SLOW_CPU };
        for (let run = 0; run < runs; run += 1) {
          normal.push(await audit(url, chrome.port));
          slow.push(await audit(url, chrome.port, slowed));
          slowWithoutScripts.push(await audit(url, chrome.port, { ...slowed, blockScripts: true }));
          observed.push(await audit(url, chrome.port, { ...slowed, observed: true }));
          observedWithoutScripts.push(
            await audit(url, chrome.port, { ...slowed, observed: true, blockScripts: true }),
          );
        }
        printFailingAudits(page.path, computeMedianRun(normal));
        figures.push(
          ...figuresOf(page, normal, slow),
          ...withoutScriptsFigures(page, slow, slowWithoutScripts, { observed: false }),
          ...withoutScriptsFigures(page, observed, observedWithoutScripts, { observed: true }),
        );
        const all = [
          ...normal,
          ...slow,
          ...slowWithoutScripts,
          ...observed,
          ...observedWithoutScripts,
        ];
        for (const each of all) {
          benchmarkIndex = Math.min(benchmarkIndex, each.environment.benchmarkIndex);
        }
      }
      // The simulated timings scale with the CPU Chromium got: Lighthouse's measure of its speed,
      // the lowest of all runs (a low one says the machine was busy with other work).
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
    await front.close();
    await server.stop();
  }
}
