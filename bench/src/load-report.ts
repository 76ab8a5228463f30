// The load test's summary: requests by kind, their answers, latencies and the rate achieved.
import { percentile, type OpenLoopResult } from './open-loop.js';

/** Answered requests per second over the whole window (the acceptance figure). */
export const achievedRate = (result: OpenLoopResult): number =>
  result.elapsedMs > 0 ? result.answered / (result.elapsedMs / 1000) : 0;

const counts = (map: ReadonlyMap<string | number, number>) =>
  [...map]
    .sort(([a], [b]) => String(a).localeCompare(String(b)))
    .map(([key, count]) => `${key}×${count}`)
    .join(' ') || '-';

/** Answers by status across all kinds. */
export function statusCounts(result: OpenLoopResult): Map<number, number> {
  const all = new Map<number, number>();
  for (const stats of result.kinds.values()) {
    for (const [status, count] of stats.statuses) all.set(status, (all.get(status) ?? 0) + count);
  }
  return all;
}

/** A plain-text table, one row per kind and one for all. */
export function formatLoadReport(result: OpenLoopResult, targetRate: number): string {
  const header = ['kind', 'requests', 'answers', 'failures', 'p50 ms', 'p99 ms'];
  const rows = [...result.kinds]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([kind, stats]) => [
      kind,
      String(stats.latenciesMs.length + [...stats.failures.values()].reduce((a, b) => a + b, 0)),
      counts(stats.statuses),
      counts(stats.failures),
      percentile(stats.latenciesMs, 0.5).toFixed(1),
      percentile(stats.latenciesMs, 0.99).toFixed(1),
    ]);
  const all = [...result.kinds.values()].flatMap((stats) => stats.latenciesMs);
  rows.push([
    'all',
    String(result.answered + result.failed),
    counts(statusCounts(result)),
    String(result.failed),
    percentile(all, 0.5).toFixed(1),
    percentile(all, 0.99).toFixed(1),
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ');
  return [
    line(header),
    ...rows.map(line),
    '',
    `target ${targetRate} requests/s; achieved ${achievedRate(result).toFixed(1)} requests/s ` +
      `(${result.answered} answered in ${(result.elapsedMs / 1000).toFixed(1)} s)`,
  ].join('\n');
}
