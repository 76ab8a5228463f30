// Two API instances on one database and one Redis, as two processes behind a load balancer: the
// account calls' limits count requests on both together, so adding a process does not add attempts.
import { randomInt, randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@pictura/contract';
import type { App } from '../../app.js';
import { bearer, buildTestApp, signUp, STRONG_PASSWORD, type TestUser } from '../../test/index.js';
import { createTestDatabase, type TestDatabase } from '../../test/database.js';
import { RESEND_VERIFICATION_MAX } from './verification-routes.js';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether Redis answers at `url` within a second. */
async function redisAnswers(url: string): Promise<boolean> {
  const probe = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1_000,
    maxRetriesPerRequest: 0,
  });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

const unreachable = !(await redisAnswers(redisUrl));
if (unreachable) {
  console.warn(`skipping the shared rate-limit tests: Redis does not answer at ${redisUrl}`);
}

/** The per-IP limit of the account calls on both instances. */
const IP_LIMIT = 3;
/** The per-email limit of login, register, forgot and reset password on both instances. */
const EMAIL_LIMIT = 2;

/** A client address of its own per request, or per test: Redis keeps counters of earlier runs. */
const clientIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

describe.skipIf(unreachable)(
  `${unreachable ? '[skipped: Redis unreachable] ' : ''}account rate limits shared by two API instances through Redis`,
  () => {
    let database: TestDatabase | undefined;
    let first: App;
    let second: App;

    beforeAll(async () => {
      database = await createTestDatabase('pglite');
      const env = {
        REDIS_URL: redisUrl,
        AUTH_RATE_LIMIT_IP_MAX: String(IP_LIMIT),
        AUTH_RATE_LIMIT_EMAIL_MAX: String(EMAIL_LIMIT),
      };
      first = await buildTestApp({ database: database.database, env });
      second = await buildTestApp({ database: database.database, env });
    });
    afterAll(async () => {
      await first?.close();
      await second?.close();
      await database?.dispose();
    });

    const alternately = (i: number) => (i % 2 === 0 ? first : second);

    it('counts requests for a new verification link of one user on both instances', async () => {
      const user: TestUser = await signUp(first, { verified: false });

      const statuses: number[] = [];
      for (let i = 0; i <= RESEND_VERIFICATION_MAX; i++) {
        // Each from an address of its own: only the per-user limit counts them together.
        const response = await alternately(i).inject({
          method: 'POST',
          url: apiPaths.accountsResendVerification,
          remoteAddress: clientIp(),
          headers: bearer(user.accessToken),
        });
        statuses.push(response.statusCode);
      }

      expect(statuses).toEqual([...Array<number>(RESEND_VERIFICATION_MAX).fill(200), 429]);
    });

    it('counts login attempts of one client address on both instances', async () => {
      const ip = clientIp();

      const statuses: number[] = [];
      for (let i = 0; i <= IP_LIMIT; i++) {
        // A different address each time: only the per-IP limit counts them together.
        const response = await alternately(i).inject({
          method: 'POST',
          url: apiPaths.accountsLogin,
          remoteAddress: ip,
          payload: { email: `nobody-${randomUUID()}@example.com`, password: STRONG_PASSWORD },
        });
        statuses.push(response.statusCode);
      }

      // Wrong credentials (400) until the shared budget is spent.
      expect(statuses).toEqual([...Array<number>(IP_LIMIT).fill(400), 429]);
    });

    it('counts forgot-password requests for one address on both instances, from any client', async () => {
      const email = `shared-limit-${randomUUID()}@example.com`;

      const statuses: number[] = [];
      for (let i = 0; i <= EMAIL_LIMIT; i++) {
        const response = await alternately(i).inject({
          method: 'POST',
          url: apiPaths.accountsForgotPassword,
          remoteAddress: clientIp(),
          payload: { email },
        });
        statuses.push(response.statusCode);
      }

      expect(statuses).toEqual([...Array<number>(EMAIL_LIMIT).fill(200), 429]);
    });
  },
);
