import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { signUp } from '../accounts.js';
import { signUpAdmin } from '../admin.js';
import { describeSent, expectFieldMap } from './answers.js';
import { startFuzzApp, type FuzzApp } from './fuzz-app.js';
import { jsonRouteClient } from './json-route-client.js';
import { bodyArbitraries } from './request-bodies.js';

// Invalid bodies are refused before any database work: a thousand per route take about 2 s.
const RUNS = Number(process.env.FUZZ_INVALID_RUNS ?? 1000);
// Room for a busy CI machine (the 30 s default is for one story, not a thousand requests).
const TIMEOUT_MS = Math.max(120_000, RUNS * 120);

function notJson(text: string): boolean {
  try {
    JSON.parse(text);
    return false;
  } catch {
    return true;
  }
}

/**
 * Each route gets RUNS invalid bodies, made by breaking valid ones (plus some text that is not
 * JSON): each must be a 400 with the field map, never a 5xx, never accepted. `more` adds tests
 * that need the same app.
 */
export function describeInvalidBodies(
  title: string,
  patterns: readonly string[],
  more?: (fuzz: () => FuzzApp) => void,
): void {
  describe(`${title} [pglite]`, () => {
    let fuzz: FuzzApp;
    let client: ReturnType<typeof jsonRouteClient>;

    beforeAll(async () => {
      fuzz = await startFuzzApp();
      const user = await signUp(fuzz.app);
      const admin = await signUpAdmin(fuzz.app, fuzz.database.database.db);
      client = jsonRouteClient(fuzz, { user, admin });
    });
    afterAll(() => fuzz.close());

    more?.(() => fuzz);

    it.each(patterns)(
      '%s: invalid bodies are a 400 with the field map',
      async (pattern) => {
        const route = client.route(pattern);
        const invalid = bodyArbitraries(route.body).invalid.map((body) => JSON.stringify(body));
        const payloads = fc.oneof(
          { weight: 20, arbitrary: invalid },
          { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 40 }).filter(notJson) },
        );
        await fc.assert(
          fc.asyncProperty(client.params(route), payloads, async (params, payload) => {
            expectFieldMap(await client.send(route, params, payload), describeSent(payload));
          }),
          { numRuns: RUNS },
        );
      },
      TIMEOUT_MS,
    );
  });
}
