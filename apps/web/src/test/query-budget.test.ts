import { describe, expect, it } from 'vitest';

/**
 * The web unit tests find what a user finds: by role, label and text (Testing Library). A selector
 * ties a test to markup, so a refactor that users never notice breaks it. A few things have no role
 * (meta tags, a live region without one, the bars of a chart); the selectors that read them are
 * counted here, and each says why in a comment just above it.
 */
const BUDGET = 20;
const CALL = /\.querySelector(?:All)?\b/;

/** The web unit tests and their harness, as text; this file only names the call it counts. */
const sources = Object.entries({
  ...import.meta.glob<string>('../**/*.test.{ts,tsx}', {
    query: '?raw',
    import: 'default',
    eager: true,
  }),
  ...import.meta.glob<string>('./*.{ts,tsx}', { query: '?raw', import: 'default', eager: true }),
}).filter(([file]) => file !== './query-budget.test.ts' && file !== '../test/query-budget.test.ts');

const selectorCalls = sources.flatMap(([file, text]) =>
  text
    .split('\n')
    .map((line, index, lines) => ({
      where: `${file}:${index + 1}`,
      line,
      // The reason: a comment on the line or on one of the three before it.
      reasoned: lines.slice(Math.max(0, index - 3), index + 1).some((l) => /\/\/|\/\*/.test(l)),
    }))
    .filter(({ line }) => CALL.test(line) && !/^\s*(\/\/|\*)/.test(line)),
);

describe('selectors in the web unit tests', () => {
  it('reads the test files', () => {
    expect(sources.length).toBeGreaterThan(50);
  });

  it(`stay at most ${BUDGET}`, () => {
    expect(selectorCalls.map(({ where }) => where).length).toBeLessThanOrEqual(BUDGET);
  });

  it('each say why no role, label or text would do', () => {
    expect(selectorCalls.filter(({ reasoned }) => !reasoned).map(({ where }) => where)).toEqual([]);
  });
});
