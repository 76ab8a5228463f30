// The bit-set scan of the search index against a plain loop over the same places.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bitsByValue, scan, type Scan } from './index-bits.js';

/** What scan must find, one place at a time. */
function naive(options: Scan, values: Int32Array[], wanted: number[]) {
  const { start, stop, backwards, accept, ids, offset, limit, countAll } = options;
  const places = Array.from({ length: stop - start }, (_, i) => start + i);
  if (backwards) places.reverse();
  const page: number[] = [];
  let total = 0;
  for (const k of places) {
    if (!values.every((column, s) => column[k] === wanted[s])) continue;
    if (accept && !accept(k)) continue;
    if (total >= offset && total < offset + limit) page.push(ids[k]!);
    total += 1;
    if (!countAll && total >= offset + limit) break;
  }
  return { total, ids: page };
}

const caseArbitrary = fc
  .record({
    size: fc.integer({ min: 0, max: 300 }),
    seed: fc.integer(),
    filters: fc.integer({ min: 0, max: 3 }),
    range: fc.tuple(fc.nat(), fc.nat()),
    backwards: fc.boolean(),
    withAccept: fc.boolean(),
    offset: fc.integer({ min: 0, max: 40 }),
    limit: fc.integer({ min: 0, max: 30 }),
    countAll: fc.boolean(),
  })
  .map((raw) => ({ ...raw, countAll: raw.countAll || raw.limit === 0 }));

describe('scan over bit sets', () => {
  it('counts and pages exactly as a loop over every place', () => {
    fc.assert(
      fc.property(caseArbitrary, (c) => {
        const random = fc.sample(fc.integer({ min: 0, max: 2 }), {
          numRuns: Math.max(1, c.size * c.filters),
          seed: c.seed,
        });
        // A few small-valued columns (as category, orientation, style), each filtered on 1.
        const values = Array.from({ length: c.filters }, (_, s) =>
          Int32Array.from({ length: c.size }, (_, k) => random[s * c.size + k] ?? 0),
        );
        const sets = values.map(
          (column) => bitsByValue(column).get(1) ?? new Uint32Array((c.size + 31) >>> 5),
        );
        const ids = Int32Array.from({ length: c.size }, (_, k) => 1000 + k);
        const [a, b] = c.range.map((n) => (c.size === 0 ? 0 : n % (c.size + 1)));
        const options: Scan = {
          sets,
          start: Math.min(a!, b!),
          stop: Math.max(a!, b!),
          backwards: c.backwards,
          accept: c.withAccept ? (k) => k % 3 !== 0 : undefined,
          ids,
          offset: c.offset,
          limit: c.limit,
          countAll: c.countAll,
        };
        expect(scan(options)).toEqual(
          naive(
            options,
            values,
            values.map(() => 1),
          ),
        );
      }),
      { numRuns: 500 },
    );
  });
});
