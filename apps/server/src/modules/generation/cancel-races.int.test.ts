// Cancelling a generation while a worker starts it, both ways round, on PostgreSQL with a forced
// interleaving: a connection of the test holds a lock the first of the two needs, the second queues
// behind the first, and then both go. The job ends cancelled and released, or delivered and
// captured, never both; every balance equals the sum of its ledger entries.
import { pino } from 'pino';
import { afterEach, expect, it } from 'vitest';
import { apiPathTo, GenerationAcceptedSchema, GENERATION_MESSAGES } from '@pictura/contract';
import type { App } from '../../app.js';
import { createFileStorage } from '../../infra/storage/index.js';
import { bearer, describeEachEngine, signUp, testConfig, type TestUser } from '../../test/index.js';
import {
  abandonUnfinishedJobs,
  fastTuning,
  generationRequest,
  jobOf,
  ledgerEntriesOfJob,
  ONE_STANDARD_EUR,
  submitGeneration,
  TinyGenerator,
} from '../../test/generation.js';
import { openLockHolder } from '../../test/lock-holder.js';
import { balanceOfUser, fundBalance, ledgerSums, userIdOf } from '../../test/payments.js';
import { JobEvents } from './job-events.js';
import { createGenerationRunner } from './runner.js';

const FUNDS = 1_000;

describeEachEngine('cancelling a generation while a worker starts it', (ctx) => {
  afterEach(() => abandonUnfinishedJobs(ctx.database.db));

  /** A queued job of a funded user, no worker running; this test runs the worker's attempt. */
  async function queuedJob() {
    const app = await ctx.buildApp({ env: { WORKER: '0' }, generation: fastTuning() });
    const user = await signUp(app);
    await fundBalance(app, user, FUNDS, 'EUR');
    const submitted = await submitGeneration(app, user, generationRequest());
    const jobId = GenerationAcceptedSchema.parse(submitted.json()).id;
    const generator = new TinyGenerator();
    const run = createGenerationRunner({
      db: ctx.database.db,
      storage: createFileStorage(testConfig()),
      generator,
      events: new JobEvents(),
      log: pino({ level: 'silent' }),
      publicUrl: testConfig().publicUrl,
      config: testConfig(),
    });
    const attempt = () =>
      run(
        { id: 'queue-1', data: { jobId }, attempt: 1, lastAttempt: false },
        new AbortController().signal,
      );
    return { app, user, jobId, generator, attempt };
  }

  const cancel = (app: App, user: TestUser, jobId: string) =>
    app.inject({
      method: 'POST',
      url: apiPathTo.generatedImageCancel(jobId),
      headers: bearer(user.accessToken),
    });

  async function expectBalancesMatchLedger(user: TestUser) {
    const [sums] = await ledgerSums(ctx.database.db, [userIdOf(user)]);
    expect(sums?.entriesSum).toBe(sums?.balance);
  }

  it.skipIf(ctx.engine === 'pglite')(
    'cancel first: the worker finds the job cancelled, paints nothing, and the price is back',
    async () => {
      const { app, user, jobId, generator, attempt } = await queuedJob();
      const holder = await openLockHolder(ctx.database);
      try {
        // The cancel takes the job row, then waits at the user's balance row to release the price.
        await holder.query(`select 1 from balances where user_id = $1 for update`, [
          userIdOf(user),
        ]);
        const cancelled = cancel(app, user, jobId);
        await holder.waitForWaiters(1);
        const started = attempt();
        await holder.waitForWaiters(2); // the worker waits for the job row the cancel holds
        await holder.release();

        expect((await cancelled).statusCode).toBe(200);
        await started;
      } finally {
        await holder.close();
      }
      expect(generator.calls).toBe(0);
      expect(await jobOf(app, user, jobId)).toMatchObject({ status: 'cancelled', pictures: [] });
      expect(await ledgerEntriesOfJob(ctx.database.db, jobId)).toEqual([
        { kind: 'generationHold', amount: -ONE_STANDARD_EUR },
        { kind: 'generationRelease', amount: ONE_STANDARD_EUR },
      ]);
      expect(await balanceOfUser(app, user, 'EUR')).toBe(FUNDS);
      await expectBalancesMatchLedger(user);
    },
  );

  it.skipIf(ctx.engine === 'pglite')(
    'worker first: the cancel finds the job running (409), and the pictures are delivered and charged',
    async () => {
      const { app, user, jobId, generator, attempt } = await queuedJob();
      const holder = await openLockHolder(ctx.database);
      let cancelled: Awaited<ReturnType<typeof cancel>>;
      try {
        // Both wait for the job row the holder locked: the worker first in the queue.
        await holder.query(`select 1 from generation_jobs where id = $1 for update`, [jobId]);
        const started = attempt();
        await holder.waitForWaiters(1);
        const cancelling = cancel(app, user, jobId);
        await holder.waitForWaiters(2);
        await holder.release();

        cancelled = await cancelling;
        await started;
      } finally {
        await holder.close();
      }
      expect(cancelled.statusCode).toBe(409);
      expect(cancelled.json()).toEqual({ errors: { '': GENERATION_MESSAGES.notCancellable } });
      expect(generator.calls).toBe(1);
      expect(await jobOf(app, user, jobId)).toMatchObject({ status: 'succeeded' });
      expect(await ledgerEntriesOfJob(ctx.database.db, jobId)).toEqual([
        { kind: 'generationHold', amount: -ONE_STANDARD_EUR },
        { kind: 'generationCapture', amount: 0 },
      ]);
      expect(await balanceOfUser(app, user, 'EUR')).toBe(FUNDS - ONE_STANDARD_EUR);
      await expectBalancesMatchLedger(user);
    },
  );
});
