// A retried generation whose attempts overlap (issue: retried generation never deletes what was
// delivered). The runner is driven by hand, so that attempt A runs out of time while it stores its
// first picture, attempt B runs the job to the end, and only then A's write goes on.
import { pino } from 'pino';
import sharp from 'sharp';
import { afterEach, expect, it } from 'vitest';
import { apiPathTo, GenerationAcceptedSchema } from '@pictura/contract';
import type { GeneratedImage, GenerationRequest } from '../../infra/image-generation/index.js';
import { JobTimeoutError } from '../../infra/queue/index.js';
import {
  createFileStorage,
  type FileStorage,
  type WriteOptions,
} from '../../infra/storage/index.js';
import { bearer, describeEachEngine, signUp, testConfig } from '../../test/index.js';
import {
  abandonUnfinishedJobs,
  fastTuning,
  generationRequest,
  jobOf,
  ledgerEntriesOfJob,
  submitGeneration,
  TinyGenerator,
} from '../../test/generation.js';
import { fundBalance, ledgerSums, userIdOf } from '../../test/payments.js';
import { JobEvents } from './job-events.js';
import { createGenerationRunner } from './runner.js';

/** Paints each call in a colour of its own, and keeps what it made, in call order. */
class CallColouredGenerator extends TinyGenerator {
  readonly made: Buffer[] = [];

  override async generate(_request: GenerationRequest): Promise<GeneratedImage> {
    this.calls += 1;
    const bytes = await sharp({
      create: {
        width: 200,
        height: 120,
        channels: 3,
        background: { r: this.calls * 40, g: 0, b: 0 },
      },
    })
      .png()
      .toBuffer();
    this.made.push(bytes);
    return { bytes, contentType: 'image/png', width: 200, height: 120 };
  }
}

/** Holds the first write until `release()`, then hands it on as it was asked for. */
class FirstWriteHeld implements FileStorage {
  private opened!: () => void;
  private readonly gate = new Promise<void>((resolve) => (this.opened = resolve));
  private markHeld!: () => void;
  /** Resolves when the first write waits at the gate. */
  readonly held = new Promise<void>((resolve) => (this.markHeld = resolve));
  private writes = 0;

  constructor(private readonly inner: FileStorage) {}

  release(): void {
    this.opened();
  }

  async put(key: string, bytes: Uint8Array, options?: WriteOptions): Promise<void> {
    this.writes += 1;
    if (this.writes === 1) {
      this.markHeld();
      await this.gate;
    }
    await this.inner.put(key, bytes, options);
  }
  get(key: string) {
    return this.inner.get(key);
  }
  open(key: string) {
    return this.inner.open(key);
  }
  keys() {
    return this.inner.keys();
  }
  has(key: string) {
    return this.inner.has(key);
  }
  delete(key: string) {
    return this.inner.delete(key);
  }
  check() {
    return this.inner.check();
  }
}

describeEachEngine('a retried generation whose attempts overlap', (ctx) => {
  afterEach(() => abandonUnfinishedJobs(ctx.database.db));

  it('keeps exactly the pictures charged for when a timed-out attempt finishes after its retry', async () => {
    // No worker: this test is the worker, running the job's two attempts itself.
    const app = await ctx.buildApp({ env: { WORKER: '0' }, generation: fastTuning() });
    const user = await signUp(app);
    await fundBalance(app, user, 1_000, 'EUR');
    const submitted = await submitGeneration(app, user, generationRequest({ count: 2 }));
    const jobId = GenerationAcceptedSchema.parse(submitted.json()).id;
    const generator = new CallColouredGenerator();
    // The app's own storage folder, so that its routes serve what the runner stored.
    const storage = new FirstWriteHeld(createFileStorage(testConfig()));
    const run = createGenerationRunner({
      db: ctx.database.db,
      storage,
      generator,
      events: new JobEvents(),
      log: pino({ level: 'silent' }),
      publicUrl: testConfig().publicUrl,
      config: testConfig(),
    });
    const queueJob = (attempt: number) => ({
      id: `queue-${attempt}`,
      data: { jobId },
      attempt,
      lastAttempt: attempt === 2,
    });

    const timedOut = new AbortController();
    const attemptA = run(queueJob(1), timedOut.signal).then(
      () => 'finished',
      () => 'failed',
    );
    await storage.held; // A painted its first picture and is storing it
    timedOut.abort(new JobTimeoutError(60));
    await run(queueJob(2), new AbortController().signal); // the retry, start to end
    storage.release();
    await attemptA;

    const job = await jobOf(app, user, jobId);
    expect(job.status).toBe('succeeded');
    expect(job.pictures.map((picture) => picture.n)).toEqual([1, 2]);
    // A painted call 1; B painted calls 2 and 3, and those are what the user was charged for.
    const paintedByB = generator.made.slice(1);
    for (const [index, picture] of job.pictures.entries()) {
      const download = await app.inject({
        method: 'GET',
        url: apiPathTo.generatedImageDownload(jobId, picture.n),
        headers: bearer(user.accessToken),
      });
      const preview = await app.inject({
        method: 'GET',
        url: apiPathTo.generatedImagePreview(jobId, picture.n),
        headers: bearer(user.accessToken),
      });
      expect(download.statusCode).toBe(200);
      // The picture B painted (its pixels: the file also carries the marks written into it).
      expect(await sharp(download.rawPayload).raw().toBuffer()).toEqual(
        await sharp(paintedByB[index]).raw().toBuffer(),
      );
      expect(preview.statusCode).toBe(200);
    }
    // A's write came after its time was up: nothing of A's is left in storage.
    expect(await storage.has(`generated/${jobId}/1/1`)).toBe(false);
    expect(await ledgerEntriesOfJob(ctx.database.db, jobId)).toEqual([
      { kind: 'generationHold', amount: -379 },
      { kind: 'generationCapture', amount: 0 },
    ]);
    const [sums] = await ledgerSums(ctx.database.db, [userIdOf(user)]);
    expect(sums?.entriesSum).toBe(sums?.balance);
  });
});
