// Several processes: two API processes (WORKER=0) and one worker process on one
// PostgreSQL, one Redis and one S3-compatible bucket, as behind a load balancer on three machines:
// each process has a data folder of its own. One shopper's journey hops between the APIs, and the
// per-IP limit of login counts attempts on both.
import { randomInt, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiPaths,
  apiPathTo,
  BalanceResponseSchema,
  GenerationAcceptedSchema,
  GenerationJobSchema,
  OrderListSchema,
  PaymentLinkResponseSchema,
  TokenResponseSchema,
  type GenerationJob,
} from '@pictura/contract';
import { SANDBOX_TEST_CARDS, sandboxPaths } from './infra/payments/index.js';
import { RESEND_VERIFICATION_MAX } from './modules/accounts/verification-routes.js';
import {
  startSmtpCapture,
  STRONG_PASSWORD,
  verificationLinkIn,
  type SmtpCapture,
} from './test/index.js';
import { seedTestCatalog } from './test/catalog.js';
import { generationRequest, ONE_STANDARD_EUR } from './test/generation.js';
import { startObjectStorage, type ObjectStorageServer } from './test/object-storage.js';
import { orderRequest } from './test/orders.js';
import { depositRequest, ledgerSums, userIdOf } from './test/payments.js';
import {
  createSharedPostgres,
  freePort,
  startServerProcess,
  waitUntilHealthy,
  type ServerProcess,
  type SharedDatabase,
} from './test/processes.js';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const reason = !databaseUrl
  ? 'TEST_DATABASE_URL is unset'
  : !redisUrl
    ? 'TEST_REDIS_URL is unset'
    : undefined;
if (reason)
  console.warn(`skipping the multi-process test: ${reason} (it needs PostgreSQL and Redis)`);

/** The per-IP limit of login on both APIs: low, so that the fifth attempt overall is refused. */
const LOGIN_LIMIT = 4;
const APPROVE_CARD = SANDBOX_TEST_CARDS.find((card) => card.behaviour === 'approve')!.number;

/** A client address of its own per run: Redis keeps counters of earlier runs for a minute. */
const clientIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

describe.skipIf(reason)(
  `${reason ? `[skipped: ${reason}] ` : ''}two API processes and a worker`,
  () => {
    let shared: SharedDatabase | undefined;
    let bucket: ObjectStorageServer | undefined;
    /** Where the worker process sends mail (the sign-up's verification link). */
    let smtp: SmtpCapture | undefined;
    /** Each process's DATA_DIR: APIs 1 and 2, then the worker. */
    const dataDirs: string[] = [];
    const servers: ServerProcess[] = [];
    const apis: string[] = [];
    let publicUrl = '';
    /** Each seeded offer's variant ids: standard, then full. */
    let variants = new Map<string, number[]>();

    beforeAll(async () => {
      shared = await createSharedPostgres();
      variants = await seedTestCatalog(shared.database.db);
      // Pictures go to the bucket; nothing on disk is shared (the JWT secret comes from the env).
      bucket = await startObjectStorage();
      smtp = await startSmtpCapture();
      for (let i = 0; i < 3; i++) {
        dataDirs.push(await mkdtemp(join(tmpdir(), 'pictura-multi-process-')));
      }
      const common = {
        NODE_ENV: 'production',
        ALLOW_SANDBOX_PAYMENTS: 'true',
        SERVE_WEB: 'false',
        LOG_LEVEL: 'warn',
        DATABASE_URL: shared.url,
        REDIS_URL: redisUrl ?? '',
        SMTP_URL: smtp.url,
        ...bucket.env,
        JWT_SECRET: `multi-process-secret-${randomUUID()}`,
        DEMO_CATALOG: 'false',
        // The test plays the load balancer (on this machine): it names the client in X-Forwarded-For.
        TRUST_PROXY: 'loopback',
        AUTH_RATE_LIMIT_IP_MAX: String(LOGIN_LIMIT),
      };
      const ports = [await freePort(), await freePort()];
      apis.push(...ports.map((port) => `http://127.0.0.1:${port}`));
      // One public address for all: access tokens name it as their issuer, so every API must
      // agree on it. API 1 stands in for the load balancer's address.
      publicUrl = apis[0]!;
      ports.forEach((port, i) => {
        servers.push(
          startServerProcess(`api ${i + 1}`, 'api', {
            ...common,
            HOST: '127.0.0.1',
            PORT: String(port),
            PUBLIC_URL: publicUrl,
            WORKER: '0',
            DATA_DIR: dataDirs[i]!,
          }),
        );
      });
      servers.push(startServerProcess('worker', 'worker', { ...common, DATA_DIR: dataDirs[2]! }));
      await Promise.all(
        apis.map((url, i) => waitUntilHealthy(servers[i]!, `${url}${apiPaths.health}`, 60_000)),
      );
    }, 90_000);

    afterAll(async () => {
      await Promise.all(servers.map((server) => server.stop()));
      await shared?.dispose();
      await bucket?.close();
      await smtp?.close();
      await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
    }, 30_000);

    /** A fetch to one API process as the load balancer forwards it from `ip`. */
    function call(api: string, path: string, ip: string, init: RequestInit = {}) {
      const headers = new Headers(init.headers);
      headers.set('x-forwarded-for', ip);
      return fetch(`${api}${path}`, { ...init, headers, redirect: 'manual' });
    }
    const postJson = (api: string, path: string, ip: string, body: unknown, token?: string) =>
      call(api, path, ip, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });
    const getJson = (api: string, path: string, ip: string, token: string) =>
      call(api, path, ip, { headers: { authorization: `Bearer ${token}` } });

    async function ok(response: Response): Promise<unknown> {
      const text = await response.text();
      if (response.status >= 400) throw new Error(`${response.url}: ${response.status} ${text}`);
      return text ? JSON.parse(text) : undefined;
    }

    /** Polls one API for the job until it is finished; fails early if the worker died. */
    async function waitForJob(api: string, ip: string, token: string, id: string) {
      const worker = servers[2]!;
      const deadline = Date.now() + 25_000;
      let job: GenerationJob | undefined;
      while (Date.now() < deadline) {
        if (worker.child.exitCode !== null) throw new Error(`worker exited:\n${worker.output()}`);
        job = GenerationJobSchema.parse(
          await ok(await getJson(api, apiPathTo.generatedImage(id), ip, token)),
        );
        if (['succeeded', 'failed', 'cancelled'].includes(job.status)) return job;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      throw new Error(`job still ${job?.status} after 25 s; worker said:\n${worker.output()}`);
    }

    it('serves one shopper across both APIs: sign up, verify, refresh, deposit, order, generate', async () => {
      const [api1, api2] = apis as [string, string];
      const ip = clientIp();
      const email = `multi-${randomUUID()}@example.com`;

      const signedUp = TokenResponseSchema.parse(
        await ok(
          await postJson(api1, apiPaths.accountsRegister, ip, {
            email,
            password: STRONG_PASSWORD,
            repeatedPassword: STRONG_PASSWORD,
            agreedToPrivacyPolicy: true,
          }),
        ),
      );
      // The worker process mails the verification link; API 2 accepts the link API 1 made.
      const verified = await postJson(
        api2,
        apiPaths.accountsVerifyEmail,
        ip,
        verificationLinkIn((await smtp!.nextMailTo(email)).text),
      );
      expect(verified.status).toBe(200);
      await verified.arrayBuffer();
      // The session written by API 1 is renewed by API 2 (same database, same JWT_SECRET).
      const { accessToken } = TokenResponseSchema.parse(
        await ok(
          await postJson(api2, apiPaths.accountsRefresh, ip, {
            refreshToken: signedUp.refreshToken,
          }),
        ),
      );

      // Deposit on API 1, paid on its sandbox page with the approving test card.
      const { paymentLink } = PaymentLinkResponseSchema.parse(
        await ok(
          await postJson(
            api1,
            apiPaths.balanceDeposit,
            ip,
            depositRequest({ depositAmount: 2_000, currency: 'EUR' }),
            accessToken,
          ),
        ),
      );
      const link = new URL(paymentLink);
      expect(link.origin).toBe(publicUrl);
      const page = await call(api1, `${link.pathname}${link.search}`, ip);
      expect(page.status).toBe(200);
      const paid = await call(api1, sandboxPaths.pay, ip, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          session: link.searchParams.get('session') ?? '',
          cardNumber: APPROVE_CARD,
        }).toString(),
      });
      expect(paid.status).toBe(303);
      const balanceOn = async (api: string) =>
        BalanceResponseSchema.parse(
          await ok(await postJson(api, apiPaths.balance, ip, { currency: 'EUR' }, accessToken)),
        ).amount;
      expect(await balanceOn(api2)).toBe(2_000);

      // An order paid by balance on API 2 (red-fox, standard: EUR 5.00), seen paid on API 1.
      const [redFox] = variants.get('red-fox') ?? [];
      await ok(
        await postJson(
          api2,
          apiPaths.orders,
          ip,
          orderRequest([redFox!], { payByBalance: true }),
          accessToken,
        ),
      );
      const orders = OrderListSchema.parse(
        await ok(await getJson(api1, apiPaths.orders, ip, accessToken)),
      );
      expect(orders.map(({ status, total }) => ({ status, total }))).toEqual([
        { status: 'paid', total: 500 },
      ]);

      // A generation asked of API 1 is painted by the worker process and followed on API 2.
      const accepted = GenerationAcceptedSchema.parse(
        await ok(
          await postJson(api1, apiPaths.generatedImages, ip, generationRequest(), accessToken),
        ),
      );
      const job = await waitForJob(api2, ip, accessToken, accepted.id);
      expect(job.status).toBe('succeeded');
      expect(job.pictures).toHaveLength(1);
      // The picture the worker stored in the bucket is served by either API; no process wrote
      // pictures to its own disk.
      for (const api of [api1, api2]) {
        const preview = await getJson(api, job.pictures[0]!.previewUrl, ip, accessToken);
        expect(preview.status).toBe(200);
        expect(preview.headers.get('content-type')).toMatch(/^image\//);
      }
      expect(dataDirs.filter((dir) => existsSync(join(dir, 'files')))).toEqual([]);

      const expected = 2_000 - 500 - ONE_STANDARD_EUR;
      expect(await balanceOn(api1)).toBe(expected);
      const [sum] = await ledgerSums(shared!.database.db, [userIdOf({ accessToken })]);
      expect(sum).toMatchObject({
        currency: 'EUR',
        balance: expected,
        entriesSum: expected,
        lastBalanceAfter: expected,
      });
      expect(sum!.lowestBalanceAfter).toBeGreaterThanOrEqual(0);
    }, 45_000);

    it('counts login attempts of one client on both APIs together (Redis store)', async () => {
      const [api1, api2] = apis as [string, string];
      const signUpIp = clientIp();
      const email = `limit-${randomUUID()}@example.com`;
      await ok(
        await postJson(api1, apiPaths.accountsRegister, signUpIp, {
          email,
          password: STRONG_PASSWORD,
          repeatedPassword: STRONG_PASSWORD,
          agreedToPrivacyPolicy: true,
        }),
      );

      const ip = clientIp();
      const statuses: number[] = [];
      for (let attempt = 0; attempt <= LOGIN_LIMIT; attempt++) {
        const api = attempt % 2 === 0 ? api1 : api2;
        const response = await postJson(api, apiPaths.accountsLogin, ip, {
          email,
          password: STRONG_PASSWORD,
        });
        await response.arrayBuffer();
        statuses.push(response.status);
      }

      expect(statuses).toEqual([200, 200, 200, 200, 429]);
    });

    it("counts one user's requests for a new verification link on both APIs together", async () => {
      const [api1, api2] = apis as [string, string];
      const { accessToken } = TokenResponseSchema.parse(
        await ok(
          await postJson(api1, apiPaths.accountsRegister, clientIp(), {
            email: `resend-${randomUUID()}@example.com`,
            password: STRONG_PASSWORD,
            repeatedPassword: STRONG_PASSWORD,
            agreedToPrivacyPolicy: true,
          }),
        ),
      );

      const statuses: number[] = [];
      for (let attempt = 0; attempt <= RESEND_VERIFICATION_MAX; attempt++) {
        // From a new address each time: only the per-user limit counts them together.
        const response = await postJson(
          attempt % 2 === 0 ? api1 : api2,
          apiPaths.accountsResendVerification,
          clientIp(),
          {},
          accessToken,
        );
        await response.arrayBuffer();
        statuses.push(response.status);
      }

      expect(statuses).toEqual([...Array<number>(RESEND_VERIFICATION_MAX).fill(200), 429]);
    });
  },
);
