import sharp from 'sharp';
import { afterEach, expect, it } from 'vitest';
import {
  apiPaths,
  apiPathTo,
  GENERATION_JOBS_PAGE_SIZE,
  GENERATION_STANDARD_MAX_SIDE,
  GenerationAcceptedSchema,
  GenerationJobListSchema,
} from '@pictura/contract';
import { ProceduralImageGenerator } from '../../infra/image-generation/index.js';
import { bearer, describeEachEngine, signUp, type TestUser } from '../../test/index.js';
import {
  abandonUnfinishedJobs,
  fastTuning,
  generationRequest,
  submitGeneration,
  waitForJob,
} from '../../test/generation.js';
import { fundBalance } from '../../test/payments.js';

describeEachEngine('my generated images', (ctx) => {
  afterEach(() => abandonUnfinishedJobs(ctx.database.db));

  const get = (app: Awaited<ReturnType<typeof ctx.buildApp>>, user: TestUser, url: string) =>
    app.inject({ method: 'GET', url, headers: bearer(user.accessToken) });

  it('keeps the pictures in storage and serves them to their owner only (others get 404)', async () => {
    const app = await ctx.buildApp({
      generation: fastTuning({ generator: new ProceduralImageGenerator() }),
    });
    const owner = await signUp(app);
    const stranger = await signUp(app);
    await fundBalance(app, owner, 1_000, 'EUR');
    const submitted = await submitGeneration(
      app,
      owner,
      generationRequest({ prompt: 'Harbour lights', style: 'Nature', count: 2 }),
    );
    const { id } = GenerationAcceptedSchema.parse(submitted.json());
    await waitForJob(app, owner, id);

    const list = GenerationJobListSchema.parse(
      (await get(app, owner, apiPaths.generatedImages)).json(),
    );
    expect(list.items).toHaveLength(1);
    const [job] = list.items;
    expect(job).toMatchObject({
      id,
      prompt: 'Harbour lights',
      style: 'Nature',
      orientation: 'Horizontal',
      quality: 'standard',
      count: 2,
      status: 'succeeded',
      price: 379,
      currency: 'EUR',
    });
    const [first, second] = job!.pictures;
    expect(first?.previewUrl).toBe(apiPathTo.generatedImagePreview(id, 1));
    expect(second?.downloadUrl).toBe(apiPathTo.generatedImageDownload(id, 2));
    // Standard quality: no longer than GENERATION_STANDARD_MAX_SIDE on the long side.
    expect(Math.max(first!.width, first!.height)).toBe(GENERATION_STANDARD_MAX_SIDE);

    const preview = await get(app, owner, first!.previewUrl);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/webp');
    expect(preview.headers['cache-control']).toMatch(/^private/);
    expect((await sharp(preview.rawPayload).metadata()).width).toBeLessThanOrEqual(640);

    const download = await get(app, owner, first!.downloadUrl);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/jpeg');
    expect(download.headers['content-disposition']).toMatch(
      /^attachment; filename="pictura-.+-1\.jpg"$/,
    );
    const meta = await sharp(download.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([first!.width, first!.height]);
    // The same job paints the same pictures: picture 2 has a seed of its own.
    const other = await get(app, owner, second!.downloadUrl);
    expect(Buffer.compare(other.rawPayload, download.rawPayload)).not.toBe(0);

    for (const url of [
      first!.previewUrl,
      first!.downloadUrl,
      apiPathTo.generatedImage(id),
      apiPathTo.generatedImageEvents(id),
    ]) {
      expect((await get(app, stranger, url)).statusCode).toBe(404);
    }
    expect(
      GenerationJobListSchema.parse((await get(app, stranger, apiPaths.generatedImages)).json())
        .items,
    ).toEqual([]);
    for (const url of [
      apiPathTo.generatedImagePreview(id, 3),
      apiPathTo.generatedImagePreview(id, 0),
      apiPathTo.generatedImagePreview('not-a-job', 1),
      apiPathTo.generatedImage('00000000-0000-4000-8000-000000000000'),
    ]) {
      expect((await get(app, owner, url)).statusCode).toBe(404);
    }
    expect((await app.inject({ method: 'GET', url: first!.previewUrl })).statusCode).toBe(401);
  });

  it('lists jobs newest first a page at a time, with the queue position of waiting ones', async () => {
    // WORKER=0: nothing runs, every job stays queued in order.
    const app = await ctx.buildApp({ env: { WORKER: '0' }, generation: fastTuning() });
    const user = await signUp(app);
    await fundBalance(app, user, 10_000, 'EUR');
    const ids: string[] = [];
    for (let i = 0; i < GENERATION_JOBS_PAGE_SIZE + 1; i += 1) {
      const response = await submitGeneration(
        app,
        user,
        generationRequest({ prompt: `Picture ${i}` }),
      );
      ids.push(GenerationAcceptedSchema.parse(response.json()).id);
    }

    const first = GenerationJobListSchema.parse(
      (await get(app, user, apiPaths.generatedImages)).json(),
    );
    expect(first.items.map((job) => job.id)).toEqual(ids.slice(1).reverse());
    expect(first.items[0]).toMatchObject({
      status: 'queued',
      queuePosition: ids.length,
      pictures: [],
    });
    expect(first.nextBefore).toBe(ids[1]);
    const second = GenerationJobListSchema.parse(
      (await get(app, user, `${apiPaths.generatedImages}?Before=${first.nextBefore}`)).json(),
    );
    expect(second).toEqual({
      items: [expect.objectContaining({ id: ids[0], queuePosition: 1 })],
      nextBefore: null,
    });
  });
});
