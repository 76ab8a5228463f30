import { sql } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import { ErrorBodySchema, GenerationAcceptedSchema } from '@pictura/contract';
import { describeEachEngine, signUp } from '../../test/index.js';
import {
  abandonUnfinishedJobs,
  fastTuning,
  GatedGenerator,
  generationRequest,
  ledgerEntriesOfJob,
  ONE_STANDARD_EUR,
  submitGeneration,
  TinyGenerator,
  waitForJob,
} from '../../test/generation.js';
import { balanceOfUser, fundBalance, ledgerSums, userIdOf } from '../../test/payments.js';

describeEachEngine('generation on a durable queue', (ctx) => {
  afterEach(() => abandonUnfinishedJobs(ctx.database.db));

  const idOf = (response: { json(): unknown }) =>
    GenerationAcceptedSchema.parse(response.json()).id;

  /** What a worker that died mid-job leaves behind: the queue entry active since long ago. */
  async function pretendTheWorkerDied(jobId: string, options: { lastAttempt: boolean }) {
    await ctx.database.db.execute(sql`
      update pgboss.job set state = 'active', started_on = now() - interval '1 hour',
        expire_in = interval '1 second',
        retry_count = case when ${options.lastAttempt} then retry_limit else 0 end
      where name = 'generation' and id = ${jobId}`);
    await ctx.database.db.execute(
      sql`update generation_jobs set status = 'running', progress = 40 where id = ${jobId}`,
    );
  }

  it('accepts exactly 3 of 10 concurrent submissions against a balance that covers 3', async () => {
    const app = await ctx.buildApp({ env: { WORKER: '0' }, generation: fastTuning() });
    const user = await signUp(app);
    await fundBalance(app, user, 3 * ONE_STANDARD_EUR + 50, 'EUR');

    const responses = await Promise.all(
      Array.from({ length: 10 }, () => submitGeneration(app, user, generationRequest())),
    );

    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([202, 202, 202, 400, 400, 400, 400, 400, 400, 400]);
    for (const response of responses.filter((r) => r.statusCode === 400)) {
      expect(ErrorBodySchema.parse(response.json()).errors).toEqual({
        count: 'Your balance is too low for this.',
      });
    }
    expect(await balanceOfUser(app, user, 'EUR')).toBe(50);
    const [sum] = await ledgerSums(ctx.database.db, [userIdOf(user)]);
    expect(sum).toMatchObject({ balance: 50, entriesSum: 50, entries: 4, lowestBalanceAfter: 50 });
    const jobs = await ctx.database.db.execute(
      sql`select count(*)::int as count from generation_jobs j join users u on u.id = j.user_id
          where u.email = ${user.email}`,
    );
    expect(jobs.rows[0]).toEqual({ count: 3 });
  });

  it('survives a restart mid-job: the next server paints it, and it is captured once', async () => {
    const first = new GatedGenerator(); // never finishes
    const before = await ctx.buildApp({ generation: fastTuning({ generator: first }) });
    const user = await signUp(before);
    await fundBalance(before, user, 1_000, 'EUR');
    const id = idOf(await submitGeneration(before, user));
    await first.started;
    await before.close(); // the running job is aborted and goes back to the queue

    const generator = new TinyGenerator();
    const after = await ctx.buildApp({ generation: fastTuning({ generator }) });
    const job = await waitForJob(after, user, id);

    expect(job.status).toBe('succeeded');
    expect(generator.calls).toBe(1);
    expect(await ledgerEntriesOfJob(ctx.database.db, id)).toEqual([
      { kind: 'generationHold', amount: -ONE_STANDARD_EUR },
      { kind: 'generationCapture', amount: 0 },
    ]);
    const attempts = await ctx.database.db.execute(
      sql`select attempts from generation_jobs where id = ${id}`,
    );
    expect(attempts.rows[0]).toEqual({ attempts: 2 });
  });

  it('retries a job whose worker died, once its time is up (pg-boss maintenance)', async () => {
    const api = await ctx.buildApp({ env: { WORKER: '0' }, generation: fastTuning() });
    const user = await signUp(api);
    await fundBalance(api, user, 1_000, 'EUR');
    const id = idOf(await submitGeneration(api, user));
    await pretendTheWorkerDied(id, { lastAttempt: false });

    const worker = await ctx.buildApp({ generation: fastTuning() });
    const job = await waitForJob(worker, user, id);

    expect(job.status).toBe('succeeded');
    expect((await ledgerEntriesOfJob(ctx.database.db, id)).map((entry) => entry.kind)).toEqual([
      'generationHold',
      'generationCapture',
    ]);
  });

  it('releases the hold exactly once when a worker dies on the last attempt (dead letter queue)', async () => {
    const api = await ctx.buildApp({ env: { WORKER: '0' }, generation: fastTuning() });
    const user = await signUp(api);
    await fundBalance(api, user, 1_000, 'EUR');
    const id = idOf(await submitGeneration(api, user));
    await pretendTheWorkerDied(id, { lastAttempt: true });

    const generator = new TinyGenerator();
    // Two worker servers at once: both maintain and both watch the dead letter queue.
    const workers = await Promise.all([
      ctx.buildApp({ generation: fastTuning({ generator }) }),
      ctx.buildApp({ generation: fastTuning({ generator }) }),
    ]);
    const job = await waitForJob(workers[0]!, user, id);
    await new Promise((resolve) => setTimeout(resolve, 1_500));

    expect(job).toMatchObject({ status: 'failed', progress: 40 });
    expect(generator.calls).toBe(0);
    expect(await ledgerEntriesOfJob(ctx.database.db, id)).toEqual([
      { kind: 'generationHold', amount: -ONE_STANDARD_EUR },
      { kind: 'generationRelease', amount: ONE_STANDARD_EUR },
    ]);
    expect(await balanceOfUser(api, user, 'EUR')).toBe(1_000);
  });

  it('releases a job whose queue entry is gone, by the sweep', async () => {
    const api = await ctx.buildApp({ env: { WORKER: '0' }, generation: fastTuning() });
    const user = await signUp(api);
    await fundBalance(api, user, 1_000, 'EUR');
    const id = idOf(await submitGeneration(api, user));
    await ctx.database.db.execute(
      sql`delete from pgboss.job where name = 'generation' and id = ${id}`,
    );

    const worker = await ctx.buildApp({
      generation: fastTuning({ sweepIntervalMs: 200, sweepAfterMs: 0 }),
    });
    const job = await waitForJob(worker, user, id);

    expect(job.status).toBe('failed');
    expect(await balanceOfUser(api, user, 'EUR')).toBe(1_000);
  });
});
