// What the picture page shows of a picture's Content Credentials comes from its stored public
// preview's C2PA manifest: the answer says what c2pa-rs reads in the very file the page serves.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiPaths, ContentCredentialsSchema, OfferDetailSchema } from '@pictura/contract';
import type { App } from '../../app.js';
import { readC2pa } from '../../infra/images/index.js';
import { createFileStorage } from '../../infra/storage/index.js';
import { describeEachEngine, testConfig } from '../../test/index.js';
import { createCategories, createOffers, storeOriginal } from './index.js';

const credentialsOf = (app: App, urlName: string) =>
  app.inject({
    method: 'GET',
    url: `${apiPaths.offerContentCredentials}?${new URLSearchParams({ UrlName: urlName }).toString()}`,
  });

describeEachEngine('content credentials', (ctx) => {
  let dataDir: string;
  const env = () => ({ DATA_DIR: dataDir });

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'pictura-credentials-'));
    const original = await sharp({
      create: { width: 720, height: 480, channels: 3, background: '#6b3fa0' },
    })
      .jpeg()
      .toBuffer();
    const image = await storeOriginal(createFileStorage(testConfig(env())), original);
    const [category] = await createCategories(ctx.database.db, [
      { urlName: 'credentials', names: { en: 'C', es: 'C', ja: 'C' } },
    ]);
    const offer = (urlName: string, published: boolean) => ({
      urlName,
      title: 'Violet Dusk',
      description: 'Dusk.',
      style: 'Vintage' as const,
      categoryId: category?.id ?? 0,
      tags: [],
      generator: 'sd-webui',
      prompt: 'violet dusk',
      seed: 1,
      image,
      published,
      attributes: [{ kind: 'standard' as const, prices: { EUR: 400, USD: 450 } }],
    });
    await createOffers(ctx.database.db, [offer('violet-dusk', true), offer('violet-draft', false)]);
  });

  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it(
    'answers what the reference reader reads in the stored preview the page shows',
    { timeout: 120_000 },
    async () => {
      const app = await ctx.buildApp({ env: env() });

      const response = await credentialsOf(app, 'Violet-Dusk');

      expect(response.statusCode).toBe(200);
      const answer = ContentCredentialsSchema.parse(response.json());
      const detail = OfferDetailSchema.parse(
        (
          await app.inject({
            method: 'GET',
            url: `${apiPaths.offersGetOne}?UrlName=violet-dusk&Currency=EUR`,
          })
        ).json(),
      );
      const preview = detail.image.previews.find((file) => file.format === 'webp');
      const served = await app.inject({ method: 'GET', url: preview?.url ?? '' });
      const reading = await readC2pa(served.rawPayload);
      const created = reading?.parentActions.find((action) => action.action === 'c2pa.created');
      expect(created?.when).toEqual(expect.any(String));
      expect(answer).toEqual({
        validation: 'valid',
        digitalSourceType: 'trainedAlgorithmicMedia',
        generator: 'Stable Diffusion (SD WebUI)',
        signedBy: reading?.signer.commonName,
        certificateIssuer: reading?.signer.issuer,
        signedAt: created?.when,
        edits: ['c2pa.resized', 'c2pa.edited', 'c2pa.transcoded'],
      });
      expect(answer.signedBy).toBe('Pictura content credentials');
      expect(answer.certificateIssuer).toBe('Pictura');
    },
  );

  it('answers 404 for a picture not published or not known, and 400 without a name', async () => {
    const app = await ctx.buildApp({ env: env() });

    expect((await credentialsOf(app, 'violet-draft')).statusCode).toBe(404);
    expect((await credentialsOf(app, 'no-such-picture')).statusCode).toBe(404);
    expect((await credentialsOf(app, ' ')).statusCode).toBe(400);
  });
});
