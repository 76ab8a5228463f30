// What an upload must be (JPEG, PNG or WebP by its bytes, at most 20 MB and
// 40 megapixels), and offers made from the admin's own generated pictures.
import sharp from 'sharp';
import { afterEach, expect, it } from 'vitest';
import {
  adminApiPaths,
  AdminOfferSchema,
  GenerationAcceptedSchema,
  UploadedImageSchema,
} from '@pictura/contract';
import type { App } from '../../app.js';
import { createFileStorage } from '../../infra/storage/index.js';
import {
  abandonUnfinishedJobs,
  fastTuning,
  generationRequest,
  submitGeneration,
  waitForJob,
} from '../../test/generation.js';
import { createCategories, originalStorageKey } from './index.js';
import {
  bearer,
  describeEachEngine,
  signUp,
  signUpAdmin,
  testConfig,
  type TestUser,
} from '../../test/index.js';
import { fundBalance } from '../../test/payments.js';

describeEachEngine('catalog back office: pictures', (ctx) => {
  afterEach(() => abandonUnfinishedJobs(ctx.database.db));

  const upload = (app: App, user: TestUser, payload: Buffer, contentType: string) =>
    app.inject({
      method: 'POST',
      url: adminApiPaths.catalogImages,
      payload,
      headers: { ...bearer(user.accessToken), 'content-type': contentType },
    });
  const png = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: '#204060' } })
      .png({ compressionLevel: 1 })
      .toBuffer();

  it('keeps an uploaded PNG and WebP as originals, whatever type the request claimed', async () => {
    const app = await ctx.buildApp();
    const admin = await signUpAdmin(app, ctx.database.db);
    const webp = await sharp(await png(500, 500))
      .webp()
      .toBuffer();

    const asPng = await upload(app, admin, await png(400, 700), 'image/png');
    // Named JPEG by the browser, WebP in fact: the bytes decide.
    const asJpeg = await upload(app, admin, webp, 'image/jpeg');

    expect(asPng.statusCode).toBe(200);
    const stored = UploadedImageSchema.parse(asPng.json());
    expect(stored).toMatchObject({ width: 400, height: 700, orientation: 'Vertical' });
    expect(stored.image.placeholder).toMatch(/^data:image\/webp;base64,/);
    const original = await createFileStorage(testConfig()).get(originalStorageKey(stored.imageKey));
    expect((await sharp(original).metadata()).format).toBe('png');
    expect(UploadedImageSchema.parse(asJpeg.json()).orientation).toBe('Square');
  });

  it("turns the orientation by the picture's EXIF rotation, as people see it", async () => {
    const app = await ctx.buildApp();
    const admin = await signUpAdmin(app, ctx.database.db);
    const rotated = await sharp(await png(800, 400))
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();

    const response = await upload(app, admin, rotated, 'image/jpeg');

    expect(UploadedImageSchema.parse(response.json())).toMatchObject({
      width: 400,
      height: 800,
      orientation: 'Vertical',
    });
  });

  it('refuses text dressed as a PNG, a GIF, too many pixels and more than 20 MB', async () => {
    const app = await ctx.buildApp();
    const admin = await signUpAdmin(app, ctx.database.db);
    const gif = await sharp(await png(50, 50))
      .gif()
      .toBuffer();

    const fake = await upload(
      app,
      admin,
      Buffer.from('this is only text, not a picture'),
      'image/png',
    );
    const wrongFormat = await upload(app, admin, gif, 'image/gif');
    const huge = await upload(app, admin, await png(8000, 5001), 'image/png');
    const heavy = await upload(app, admin, Buffer.alloc(20 * 1024 * 1024 + 1), 'image/png');
    const notAnImageType = await upload(app, admin, await png(10, 10), 'text/plain');

    expect([fake.statusCode, fake.json()]).toEqual([
      400,
      { errors: { file: 'The file is not a JPEG, PNG or WebP picture.' } },
    ]);
    expect(wrongFormat.json()).toEqual(fake.json());
    expect([huge.statusCode, huge.json()]).toEqual([
      400,
      { errors: { file: 'The picture has more than 40 megapixels.' } },
    ]);
    expect(heavy.statusCode).toBe(413);
    expect(notAnImageType.json()).toEqual(fake.json());
  });

  it("refuses a customer's upload before reading it", async () => {
    const app = await ctx.buildApp();
    const customer = await signUp(app);

    const response = await upload(app, customer, await png(100, 100), 'image/png');

    expect(response.statusCode).toBe(403);
  });

  it("makes an offer of one of the admin's own generated pictures, with its prompt, but not of another user's", async () => {
    const app = await ctx.buildApp({ generation: fastTuning() });
    const admin = await signUpAdmin(app, ctx.database.db);
    const stranger = await signUp(app);
    const [category] = await createCategories(ctx.database.db, [
      { urlName: `generated-${Date.now()}`, names: { en: 'G', es: 'G', ja: 'G' } },
    ]);
    await fundBalance(app, admin, 1_000, 'EUR');
    await fundBalance(app, stranger, 1_000, 'EUR');
    const generate = async (user: TestUser) => {
      const submitted = await submitGeneration(
        app,
        user,
        generationRequest({
          prompt: 'Copper kettle at dawn',
          style: 'Vintage',
          orientation: 'Vertical',
        }),
      );
      const { id } = GenerationAcceptedSchema.parse(submitted.json());
      await waitForJob(app, user, id);
      return id;
    };
    const mine = await generate(admin);
    const theirs = await generate(stranger);
    const offer = (source: object, urlName: string) =>
      app.inject({
        method: 'POST',
        url: adminApiPaths.catalogOffers,
        headers: bearer(admin.accessToken),
        payload: {
          title: 'Copper Kettle',
          description: '',
          urlName,
          categoryId: category!.id,
          style: 'Vintage',
          tags: [],
          source,
          variants: [{ kind: 'standard', prices: { EUR: 300, USD: 350 } }],
        },
      });

    const created = await offer({ type: 'generated', jobId: mine, n: 1 }, 'copper-kettle');
    const refused = await offer({ type: 'generated', jobId: theirs, n: 1 }, 'their-kettle');
    const missing = await offer({ type: 'generated', jobId: mine, n: 2 }, 'no-kettle');

    expect(created.statusCode).toBe(200);
    expect(AdminOfferSchema.parse(created.json())).toMatchObject({
      prompt: 'Copper kettle at dawn',
      orientation: 'Vertical',
      published: false,
    });
    const notYours = { errors: { source: 'Pick one of your own generated pictures.' } };
    expect([refused.statusCode, refused.json()]).toEqual([400, notYours]);
    expect(missing.json()).toEqual(notYours);
  });
});
