import { describe, expect, it } from 'vitest';
import { renderReport } from './report.js';

const rowOf = (report: string, name: string) =>
  report
    .split('\n')
    .find((line) => line.startsWith(`| ${name} |`))
    ?.split('|')
    .map((cell) => cell.trim());

describe('the benchmark report', () => {
  it('tells a value at the limit of an "under" budget from one within it', () => {
    const report = renderReport(
      [
        { name: 'CLS at the limit', value: 0.02, unit: '', budget: { limit: 0.02, kind: 'below' } },
        { name: 'CLS under it', value: 0.015, unit: '', budget: { limit: 0.02, kind: 'below' } },
        {
          name: 'LCP at its maximum',
          value: 1200,
          unit: 'ms',
          budget: { limit: 1200, kind: 'max' },
        },
        { name: 'score at its minimum', value: 98, unit: '', budget: { limit: 98, kind: 'min' } },
      ],
      '/nonexistent/previous.md',
      'Budgets',
    );

    expect(rowOf(report, 'CLS at the limit')?.slice(2, 6)).toEqual(['0.02', '', '< 0.02', 'NO']);
    // Three decimals under 1: 0.015 must not read as its budget.
    expect(rowOf(report, 'CLS under it')?.slice(2, 6)).toEqual(['0.015', '', '< 0.02', 'yes']);
    expect(rowOf(report, 'LCP at its maximum')?.slice(4, 6)).toEqual(['≤ 1200', 'yes']);
    expect(rowOf(report, 'score at its minimum')?.slice(4, 6)).toEqual(['≥ 98', 'yes']);
    expect(report).toContain('Budgets met: 3 of 4. Not met: CLS at the limit.');
  });
});
