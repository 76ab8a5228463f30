// Every POST route refuses a body over its limit with 413, and routes that read
// raw bytes (webhooks, the sandbox gateway's form, picture uploads) never answer random bytes with
// a 5xx. PGlite only, as the other fuzz file.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from '../app.js';
import { signUp, signUpAdmin, type TestUser } from '../test/index.js';
import {
  expectNoServerError,
  post,
  startFuzzApp,
  type FuzzApp,
  fillParams,
} from '../test/fuzz/index.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
const contentTypes = [
  'application/json',
  'application/x-www-form-urlencoded',
  'application/octet-stream',
  'text/plain',
  'image/png',
];

describe('POST routes and raw bytes [pglite]', () => {
  let fuzz: FuzzApp;
  let user: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    fuzz = await startFuzzApp();
    user = await signUp(fuzz.app);
    admin = await signUpAdmin(fuzz.app, fuzz.database.database.db);
  });
  afterAll(() => fuzz.close());

  const urlOf = (pattern: string) =>
    fillParams(pattern, {
      orderId: 1,
      jobId: '00000000-0000-4000-8000-000000000000',
      id: 1,
      ticketNumber: 'T1',
      provider: 'sandbox',
    });

  it('answers 413 to a body over the limit on every POST route', async () => {
    expect(fuzz.routes.length).toBeGreaterThan(20);
    for (const route of fuzz.routes) {
      const limit = route.bodyLimit ?? BODY_LIMIT_BYTES;
      const response = await post(fuzz.app, {
        url: urlOf(route.pattern),
        token: (route.admin ? admin : user).accessToken,
        payload: Buffer.alloc(limit + 1024, 0x61),
        contentType: route.bodyLimit ? 'image/png' : 'application/json',
      });
      expect(response.statusCode, `${route.pattern} -> ${response.body}`).toBe(413);
    }
  });

  it('never answers random bytes with a 5xx on any POST route', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...fuzz.routes),
        fc.uint8Array({ maxLength: 2048 }),
        fc.constantFrom(...contentTypes),
        async (route, bytes, contentType) => {
          const response = await post(fuzz.app, {
            url: urlOf(route.pattern),
            token: (route.admin ? admin : user).accessToken,
            payload: Buffer.from(bytes),
            contentType,
          });
          expectNoServerError(response, `${route.pattern} ${contentType} ${bytes.length} bytes`);
        },
      ),
      { numRuns: RUNS * 10 },
    );
  });
});
