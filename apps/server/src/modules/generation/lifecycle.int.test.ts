import { afterEach, expect, it } from 'vitest';
import { apiPathTo, ErrorBodySchema, GenerationAcceptedSchema } from '@pictura/contract';
import { ProviderRefusedError } from '../../infra/image-generation/index.js';
import { bearer, describeEachEngine, signUp } from '../../test/index.js';
import {
  abandonUnfinishedJobs,
  FailingGenerator,
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

describeEachEngine('a generation job, from hold to capture or release', (ctx) => {
  afterEach(() => abandonUnfinishedJobs(ctx.database.db));

  async function fundedUser(app: Awaited<ReturnType<typeof ctx.buildApp>>) {
    const user = await signUp(app);
    await fundBalance(app, user, 1_000, 'EUR');
    return user;
  }

  const accepted = (response: { json(): unknown }) =>
    GenerationAcceptedSchema.parse(response.json()).id;

  it('captures the held price when the pictures are delivered: hold, then capture, nothing else', async () => {
    const generator = new TinyGenerator();
    const app = await ctx.buildApp({ generation: fastTuning({ generator }) });
    const user = await fundedUser(app);

    const id = accepted(await submitGeneration(app, user, generationRequest({ count: 3 })));
    const job = await waitForJob(app, user, id);

    expect(job).toMatchObject({ status: 'succeeded', progress: 100, error: null });
    expect(job.pictures.map((picture) => picture.n)).toEqual([1, 2, 3]);
    expect(generator.calls).toBe(3);
    expect(await ledgerEntriesOfJob(ctx.database.db, id)).toEqual([
      { kind: 'generationHold', amount: -549 },
      { kind: 'generationCapture', amount: 0 },
    ]);
    expect(await balanceOfUser(app, user, 'EUR')).toBe(1_000 - 549);
  });

  it('retries a failing generation with backoff, then fails it and releases the hold once', async () => {
    const generator = new FailingGenerator();
    const app = await ctx.buildApp({ generation: fastTuning({ generator, retryLimit: 2 }) });
    const user = await fundedUser(app);

    const id = accepted(await submitGeneration(app, user));
    const job = await waitForJob(app, user, id);

    expect(job.status).toBe('failed');
    expect(job.error).toMatch(/given back/);
    expect(generator.calls).toBe(3); // the first attempt and two retries
    expect(await ledgerEntriesOfJob(ctx.database.db, id)).toEqual([
      { kind: 'generationHold', amount: -ONE_STANDARD_EUR },
      { kind: 'generationRelease', amount: ONE_STANDARD_EUR },
    ]);
    // The dead letter handler runs too, and finds nothing left to give back.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await ledgerEntriesOfJob(ctx.database.db, id)).toHaveLength(2);
    expect(await balanceOfUser(app, user, 'EUR')).toBe(1_000);
    const [sum] = await ledgerSums(ctx.database.db, [userIdOf(user)]);
    expect(sum?.entriesSum).toBe(sum?.balance);
  });

  it('does not retry a prompt the provider refuses: released at once', async () => {
    const generator = new FailingGenerator(() => new ProviderRefusedError('openai', 'policy'));
    const app = await ctx.buildApp({ generation: fastTuning({ generator, retryLimit: 2 }) });
    const user = await fundedUser(app);

    const id = accepted(await submitGeneration(app, user));
    const job = await waitForJob(app, user, id);

    expect(job).toMatchObject({ status: 'failed' });
    expect(job.error).toMatch(/refused/);
    expect(generator.calls).toBe(1);
    expect(await balanceOfUser(app, user, 'EUR')).toBe(1_000);
  });

  it('fails an attempt that runs out of time, and releases the hold after the last one', async () => {
    const generator = new GatedGenerator(); // never released: every attempt hangs
    const app = await ctx.buildApp({
      generation: fastTuning({ generator, retryLimit: 0, attemptTimeoutSeconds: 1 }),
    });
    const user = await fundedUser(app);

    const id = accepted(await submitGeneration(app, user));
    const job = await waitForJob(app, user, id);

    expect(job.status).toBe('failed');
    expect(job.error).toMatch(/too long/);
    expect(await ledgerEntriesOfJob(ctx.database.db, id)).toEqual([
      { kind: 'generationHold', amount: -ONE_STANDARD_EUR },
      { kind: 'generationRelease', amount: ONE_STANDARD_EUR },
    ]);
  });

  it('cancels a queued job for its owner and releases the hold; a running one cannot be', async () => {
    // WORKER=0: no worker in this app, so the job waits in the queue.
    const api = await ctx.buildApp({ env: { WORKER: '0' }, generation: fastTuning() });
    const user = await fundedUser(api);
    const stranger = await signUp(api);
    const id = accepted(await submitGeneration(api, user));
    const cancel = (who: { accessToken: string }) =>
      api.inject({
        method: 'POST',
        url: apiPathTo.generatedImageCancel(id),
        headers: bearer(who.accessToken),
      });

    expect((await cancel(stranger)).statusCode).toBe(404);
    const cancelled = await cancel(user);
    const again = await cancel(user);

    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ id, status: 'cancelled', queuePosition: null });
    expect(again.statusCode).toBe(200);
    expect(await ledgerEntriesOfJob(ctx.database.db, id)).toEqual([
      { kind: 'generationHold', amount: -ONE_STANDARD_EUR },
      { kind: 'generationRelease', amount: ONE_STANDARD_EUR },
    ]);
    expect(await balanceOfUser(api, user, 'EUR')).toBe(1_000);

    // The queue's entry was cancelled with it: a worker started now paints nothing.
    const generator = new TinyGenerator();
    const worker = await ctx.buildApp({ generation: fastTuning({ generator }) });
    await new Promise((resolve) => setTimeout(resolve, 500));
    await worker.close();
    expect(generator.calls).toBe(0);

    const running = new GatedGenerator();
    const other = await ctx.buildApp({ generation: fastTuning({ generator: running }) });
    const second = accepted(await submitGeneration(other, user));
    await running.started;
    const refused = await other.inject({
      method: 'POST',
      url: apiPathTo.generatedImageCancel(second),
      headers: bearer(user.accessToken),
    });
    expect(refused.statusCode).toBe(409);
    expect(ErrorBodySchema.parse(refused.json()).errors['']).toMatch(/already started/);
    running.release();
    expect((await waitForJob(other, user, second)).status).toBe('succeeded');
  });
});
