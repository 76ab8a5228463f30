// Issue 9, point 5 "Bad input": valid bodies generated from the contract's zod schemas (fast-check,
// hand-written generators for refined fields) are never a 5xx and never refused for a field's
// format; a business rule's 400 (wrong code, no balance, unknown item) is fine on its own field.
// PGlite only (see startFuzzApp).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@pictura/contract';
import { signUp, signUpAdmin } from '../test/index.js';
import {
  bodyArbitraries,
  describeSent,
  DOMAIN_400_FIELDS,
  expectNoServerError,
  JSON_ROUTES,
  jsonRouteClient,
  startFuzzApp,
  type FuzzApp,
} from '../test/fuzz/index.js';

// Valid bodies reach the database: 100 per route keep the file near 30 s on an idle machine;
// FUZZ_VALID_RUNS=1000 is the long run (about 4 minutes). Sign-up and sign-in spend argon2 work
// (about 50 ms) on each, so they get a quarter. The timeout leaves room for a busy CI machine.
const RUNS = Number(process.env.FUZZ_VALID_RUNS ?? 100);
const HASHING_ROUTES = new Set<string>([apiPaths.accountsRegister, apiPaths.accountsLogin]);
const TIMEOUT_MS = Math.max(120_000, RUNS * 200);

describe('every JSON POST route under valid bodies [pglite]', () => {
  let fuzz: FuzzApp;
  let client: ReturnType<typeof jsonRouteClient>;

  beforeAll(async () => {
    fuzz = await startFuzzApp();
    const user = await signUp(fuzz.app);
    const admin = await signUpAdmin(fuzz.app, fuzz.database.database.db);
    client = jsonRouteClient(fuzz, { user, admin });
  });
  afterAll(() => fuzz.close());

  it.each(JSON_ROUTES)(
    '%s: valid bodies are never refused for their fields',
    async (pattern) => {
      const route = client.route(pattern);
      const allowed = new Set(DOMAIN_400_FIELDS[pattern] ?? []);
      const valid = bodyArbitraries(route.body).valid;
      await fc.assert(
        fc.asyncProperty(client.params(route), valid, async (params, body) => {
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
        }),
        { numRuns: HASHING_ROUTES.has(pattern) ? Math.ceil(RUNS / 4) : RUNS },
      );
    },
    TIMEOUT_MS,
  );
});
