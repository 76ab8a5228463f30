// Bad input: every POST route is fuzzed. Here the first half of the JSON routes
// gets 1,000 invalid bodies each (generated from the contract's zod schemas, then broken), and the
// app's POST routes are checked against the fuzzed lists so that none is missed. The second half:
// fuzz-invalid-more.int.test.ts; valid bodies: fuzz-valid.int.test.ts; raw bytes and 413:
// fuzz-raw.int.test.ts. PGlite only (see startFuzzApp); split so that each file stays under 60 s.
import { expect, it } from 'vitest';
import { describeInvalidBodies, JSON_ROUTES, RAW_ROUTES } from '../test/fuzz/index.js';

const HALF = Math.ceil(JSON_ROUTES.length / 2);

describeInvalidBodies(
  'JSON routes (first half) under invalid bodies',
  JSON_ROUTES.slice(0, HALF),
  (fuzz) => {
    it('fuzzes every POST route the app has: JSON ones with bodies, the others with raw bytes', () => {
      const observed = fuzz().routes.map((route) => route.pattern);
      expect(observed.sort()).toEqual([...JSON_ROUTES, ...RAW_ROUTES].sort());
    });
  },
);
