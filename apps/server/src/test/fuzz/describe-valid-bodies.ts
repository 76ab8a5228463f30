import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../accounts.js';
import { signUpAdmin } from '../admin.js';
import { describeSent, expectNoServerError } from './answers.js';
import { startFuzzApp, type FuzzApp } from './fuzz-app.js';
import { jsonRouteClient } from './json-route-client.js';
import { bodyArbitraries } from './request-bodies.js';
import { DOMAIN_400_FIELDS } from './route-table.js';

// Every route gets 1,000 valid bodies. They reach the database, so they are the fuzz's
// slow part; FUZZ_VALID_RUNS shortens a run while working on it. The timeout leaves room for a
// busy CI machine.
const RUNS = Number(process.env.FUZZ_VALID_RUNS ?? 1_000);
const TIMEOUT_MS = Math.max(120_000, RUNS * 200);

/**
 * Each route gets RUNS valid bodies, generated from the contract's zod schemas (hand-written
 * generators for refined fields): never a 5xx, and never refused for a field's format; a business
 * rule's 400 (wrong code, no balance, unknown item) is fine on its own field.
 */
export function describeValidBodies(title: string, patterns: readonly string[]): void {
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

    it.each(patterns)(
      '%s: valid bodies are never refused for their fields',
      async (pattern) => {
        const route = client.route(pattern);
        const allowed = new Set(DOMAIN_400_FIELDS[pattern] ?? []);
        await fc.assert(
          fc.asyncProperty(
            client.params(route),
            bodyArbitraries(route.body).valid,
            async (params, body) => {
              const response = await client.send(route, params, JSON.stringify(body));
              const sent = `${describeSent(body)} -> ${response.body}`;
              expectNoServerError(response, sent);
              if (response.statusCode === 400) {
                const fields = Object.keys(response.json<{ errors: object }>().errors);
                expect(
                  fields.filter((field) => !allowed.has(field)),
                  sent,
                ).toEqual([]);
              }
            },
          ),
          { numRuns: RUNS },
        );
      },
      TIMEOUT_MS,
    );
  });
}
