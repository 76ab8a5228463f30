// Image generation for integration tests: generators that are fast, slow on purpose or
// failing, submissions through the API, and the ledger entries of a job read back.
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { z } from 'zod';
import {
  apiPaths,
  apiPathTo,
  GenerationJobSchema,
  LedgerEntryKindSchema,
  type GenerationJob,
  type GenerationRequest,
} from '@pictura/contract';
import type { App } from '../app.js';
import type { Db } from '../infra/db/index.js';
import type {
  GenerateOptions,
  GeneratedImage,
  GenerationRequest as PaintRequest,
  ImageGenerator,
} from '../infra/image-generation/index.js';
import type { GenerationTuning } from '../modules/generation/index.js';
import { bearer, randomIp, type TestUser } from './accounts.js';

/** A valid request; override any field. Standard quality, one picture: EUR 1.99. */
export function generationRequest(overrides: Partial<GenerationRequest> = {}): GenerationRequest {
  return {
    prompt: 'A lighthouse in a storm',
    style: 'Vintage',
    orientation: 'Horizontal',
    quality: 'standard',
    count: 1,
    currency: 'EUR',
    ...overrides,
  };
}

/** What one standard picture costs in EUR (prices.ts). */
export const ONE_STANDARD_EUR = 199;

/** POST /api/generated-images as `user`, from an IP of its own unless given. */
export const submitGeneration = (
  app: App,
  user: Pick<TestUser, 'accessToken'>,
  body: object = generationRequest(),
  options: { idempotencyKey?: string; remoteAddress?: string } = {},
): Promise<LightMyRequestResponse> =>
  app.inject({
    method: 'POST',
    url: apiPaths.generatedImages,
    remoteAddress: options.remoteAddress ?? randomIp(),
    headers: {
      ...bearer(user.accessToken),
      ...(options.idempotencyKey === undefined
        ? {}
        : { 'idempotency-key': options.idempotencyKey }),
    },
    payload: body,
  });

/** GET /api/generated-images/{id} as `user`. */
export async function jobOf(
  app: App,
  user: Pick<TestUser, 'accessToken'>,
  jobId: string,
): Promise<GenerationJob> {
  const response = await app.inject({
    method: 'GET',
    url: apiPathTo.generatedImage(jobId),
    headers: bearer(user.accessToken),
  });
  if (response.statusCode !== 200) {
    throw new Error(`job ${jobId} answered ${response.statusCode}: ${response.body}`);
  }
  return GenerationJobSchema.parse(response.json());
}

/** Polls the job until `done` says so, or fails after `timeoutMs`. */
export async function waitForJob(
  app: App,
  user: Pick<TestUser, 'accessToken'>,
  jobId: string,
  done: (job: GenerationJob) => boolean = (job) =>
    ['succeeded', 'failed', 'cancelled'].includes(job.status),
  timeoutMs = 20_000,
): Promise<GenerationJob> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await jobOf(app, user, jobId);
    if (done(job)) return job;
    if (Date.now() > deadline) {
      throw new Error(`job ${jobId} still ${job.status} (${job.progress} %) after ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const EntryRowSchema = z.object({ kind: LedgerEntryKindSchema, amount: z.coerce.number() });

/** The ledger entries of a job (its hold, capture, release), oldest first. */
export async function ledgerEntriesOfJob(
  db: Db,
  jobId: string,
): Promise<z.infer<typeof EntryRowSchema>[]> {
  const result = await db.execute(
    sql`select kind, amount from ledger_entries where reference = ${`generation:${jobId}`} order by id`,
  );
  return z.array(EntryRowSchema).parse(result.rows);
}

/** Quick settings: workers look for jobs every 100 ms, retries wait about a second. */
export function fastTuning(overrides: GenerationTuning = {}): GenerationTuning {
  return {
    generator: new TinyGenerator(),
    pollingIntervalMs: 100,
    retryDelaySeconds: 1,
    maintenanceIntervalSeconds: 1,
    streamPollIntervalMs: 100,
    ...overrides,
  };
}

/** A small solid picture in a few milliseconds, its colour from the seed; counts its calls. */
export class TinyGenerator implements ImageGenerator {
  readonly name: string = 'tiny';
  calls = 0;

  async generate(request: PaintRequest, options: GenerateOptions = {}): Promise<GeneratedImage> {
    this.calls += 1;
    options.signal?.throwIfAborted();
    options.onProgress?.({ fraction: 0.5, stage: 'painting' });
    const [width, height] = request.orientation === 'Vertical' ? [120, 200] : [200, 120];
    const bytes = await sharp({
      create: {
        width,
        height,
        channels: 3,
        background: { r: request.seed % 256, g: 80, b: 160 },
      },
    })
      .png()
      .toBuffer();
    options.onProgress?.({ fraction: 1, stage: 'done' });
    return { bytes, contentType: 'image/png', width, height };
  }
}

/** Fails every call, by default as a provider that is down would (a retryable failure). */
export class FailingGenerator extends TinyGenerator {
  override readonly name = 'failing';

  constructor(private readonly error: () => Error = () => new Error('provider down')) {
    super();
  }

  override async generate(
    _request: PaintRequest,
    options: GenerateOptions = {},
  ): Promise<GeneratedImage> {
    this.calls += 1;
    options.signal?.throwIfAborted();
    throw this.error();
  }
}

/**
 * Paints only when `release()` is called (or never), reporting half-way progress meanwhile; gives
 * up when the worker aborts it, as real providers do.
 */
export class GatedGenerator extends TinyGenerator {
  override readonly name = 'gated';
  private opened!: () => void;
  private readonly gate = new Promise<void>((resolve) => {
    this.opened = resolve;
  });
  /** Resolves when a generation has started and is waiting at the gate. */
  readonly started: Promise<void>;
  private markStarted!: () => void;

  constructor() {
    super();
    this.started = new Promise((resolve) => {
      this.markStarted = resolve;
    });
  }

  release(): void {
    this.opened();
  }

  override async generate(
    request: PaintRequest,
    options: GenerateOptions = {},
  ): Promise<GeneratedImage> {
    options.onProgress?.({ fraction: 0.4, stage: 'painting' });
    this.markStarted();
    await new Promise<void>((resolve, reject) => {
      const abort = () => reject(options.signal?.reason ?? new Error('aborted'));
      if (options.signal?.aborted) abort();
      options.signal?.addEventListener('abort', abort, { once: true });
      void this.gate.then(resolve);
    });
    return super.generate(request, options);
  }
}

/**
 * Ends every unfinished generation and its queue entry (without money movements), so that jobs a
 * test leaves behind are not picked up by the workers of the next test on the same database.
 */
export async function abandonUnfinishedJobs(db: Db): Promise<void> {
  await db.execute(
    sql`update generation_jobs set status = 'cancelled' where status in ('queued', 'running')`,
  );
  await db.execute(
    sql`update pgboss.job set state = 'cancelled' where name = 'generation' and state < 'completed'`,
  );
}
