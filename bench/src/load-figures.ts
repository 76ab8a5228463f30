import autocannon from 'autocannon';
import type { Figure } from './report.js';

/** What one autocannon measurement gives the report. */
export interface Load {
  p50: number;
  p99: number;
  requestsPerSecond: number;
}

/** One second of warm-up, then `seconds` measured; any error or answer other than 2xx fails. */
export async function measureLoad(
  base: string,
  path: string | (() => string),
  seconds: number,
  connections: number,
): Promise<Load> {
  const settings =
    typeof path === 'string'
      ? { url: `${base}${path}`, connections }
      : {
          url: base,
          connections,
          requests: [{ setupRequest: (request: object) => ({ ...request, path: path() }) }],
        };
  await autocannon({ ...settings, duration: 1 });
  const result = await autocannon({ ...settings, duration: seconds });
  if (result.errors > 0 || result.non2xx > 0) {
    throw new Error(
      `${settings.url}: ${result.errors} errors, ${result.non2xx} answers other than 2xx`,
    );
  }
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    requestsPerSecond: result.requests.average,
  };
}

export const round = (value: number) => Math.round(value * 100) / 100;

/** A measurement's p50, p99 and requests/s, each with its ratio to the ceiling's. */
export function loadFigures(
  name: string,
  measured: Load,
  ceiling: Load,
  budgets: { p99: number; minRatio?: number },
): Figure[] {
  const { minRatio } = budgets;
  return [
    {
      name: `${name} p50`,
      value: measured.p50,
      unit: 'ms',
      ratioToCeiling: measured.p50 / ceiling.p50,
    },
    {
      name: `${name} p99`,
      value: measured.p99,
      unit: 'ms',
      budget: { limit: budgets.p99, kind: 'max' },
      ratioToCeiling: measured.p99 / ceiling.p99,
    },
    {
      name: `${name} requests/s`,
      value: round(measured.requestsPerSecond),
      unit: 'req/s',
      // The budget is a share of this run's ceiling, so it is stated in requests per second.
      ...(minRatio
        ? { budget: { limit: round(minRatio * ceiling.requestsPerSecond), kind: 'min' as const } }
        : {}),
      ratioToCeiling: measured.requestsPerSecond / ceiling.requestsPerSecond,
    },
  ];
}
