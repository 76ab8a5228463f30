// Every file Pictura delivers is what was sold and says what it is: each variant bought (of an
// uploaded offer and of an offer made from a generated picture) at the size the API promised, the
// user's own generated pictures, and the public previews, each with its marks read back by exifr
// and its C2PA manifest read and validated by c2pa-rs, the reference implementation.
import sharp from 'sharp';
import { afterEach, expect, it } from 'vitest';
import {
  adminApiPaths,
  AdminOfferSchema,
  apiPaths,
  apiPathTo,
  GenerationAcceptedSchema,
  OfferDetailSchema,
  PurchasedArtworkListSchema,
  standardDownloadSize,
  UploadedImageSchema,
  withId,
  type OfferDetail,
} from '@pictura/contract';
import type { App } from '../../app.js';
import type {
  GeneratedImage,
  GenerationRequest,
  ImageGenerator,
} from '../../infra/image-generation/index.js';
import {
  abandonUnfinishedJobs,
  fastTuning,
  generationRequest,
  submitGeneration,
  waitForJob,
} from '../../test/generation.js';
import {
  expectCreatedC2pa,
  expectDerivedC2pa,
  exiftoolSourceType,
  type ExpectedProvenance,
} from '../../test/c2pa.js';
import {
  bearer,
  describeEachEngine,
  expectMarks,
  signUp,
  signUpAdmin,
  type TestUser,
} from '../../test/index.js';
import { creditBalance, orderRequest, ordersOf, placeOrder } from '../../test/orders.js';
import { fundBalance } from '../../test/payments.js';
import { createCategories } from '../catalog/index.js';

/** Pictures with detail, JPEG like the procedural generator's, large enough for previews. */
class DetailedJpegs implements ImageGenerator {
  // Recorded as a Stable Diffusion WebUI's pictures: the manifests name that generator.
  readonly name = 'sd-webui';
  async generate(request: GenerationRequest): Promise<GeneratedImage> {
    const [width, height] = request.orientation === 'Vertical' ? [400, 640] : [640, 400];
    const pixels = Buffer.alloc(width * height * 3);
    for (let i = 0; i < pixels.length; i += 1) pixels[i] = (i * 31 + request.seed) % 256;
    const bytes = await sharp(pixels, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 85 })
      .toBuffer();
    return { bytes, contentType: 'image/jpeg', width, height };
  }
}

const PUBLIC_URL = 'http://localhost:3000';
const YEAR = new Date().getUTCFullYear();
const PROMPT = 'Copper kettle at dawn';

const get = (app: App, user: TestUser | null, url: string) =>
  app.inject({ method: 'GET', url, headers: user ? bearer(user.accessToken) : {} });

const GENERATOR = 'Stable Diffusion (SD WebUI)';
const PREVIEW_STEPS = ['c2pa.resized', 'c2pa.edited', 'c2pa.transcoded'];

const pixelsOf = async (bytes: Buffer) => {
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data };
};

describeEachEngine('delivered files', (ctx) => {
  afterEach(() => abandonUnfinishedJobs(ctx.database.db));

  it(
    'delivers each variant bought at its promised size with every mark, and marks generated pictures and previews',
    { timeout: 180_000 },
    async () => {
      const app = await ctx.buildApp({
        generation: fastTuning({ generator: new DetailedJpegs() }),
      });
      const admin = await signUpAdmin(app, ctx.database.db);
      const [category] = await createCategories(ctx.database.db, [
        { urlName: 'delivered', names: { en: 'D', es: 'D', ja: 'D' } },
      ]);

      // The admin's own generated picture, as the create page delivers it, and its owner preview.
      await fundBalance(app, admin, 1_000, 'EUR');
      const submitted = await submitGeneration(
        app,
        admin,
        generationRequest({ prompt: PROMPT, orientation: 'Horizontal' }),
      );
      const { id: jobId } = GenerationAcceptedSchema.parse(submitted.json());
      await waitForJob(app, admin, jobId);
      const generated = await get(app, admin, apiPathTo.generatedImageDownload(jobId, 1));
      const ownerPreview = await get(app, admin, apiPathTo.generatedImagePreview(jobId, 1));
      const generatedMarks = {
        title: PROMPT,
        copyright: `© ${YEAR} the account holder; generated with Pictura`,
        digitalSourceType: 'trainedAlgorithmicMedia',
        licenceName: 'Generated picture: rights transferred to the account holder (Pictura terms)',
        licenceUrl: `${PUBLIC_URL}/terms-and-conditions#generation`,
        orderReference: `Pictura generation ${jobId}`,
      } as const;
      expect(generated.statusCode).toBe(200);
      expect(await pixelsOf(generated.rawPayload)).toMatchObject({ width: 640, height: 400 });
      await expectMarks(generated.rawPayload, generatedMarks);
      const generatedSource = {
        digitalSourceType: 'trainedAlgorithmicMedia',
        generator: GENERATOR,
      };
      await expectCreatedC2pa(generated.rawPayload, generatedSource);
      await expectMarks(ownerPreview.rawPayload, generatedMarks);
      await expectDerivedC2pa(ownerPreview.rawPayload, generatedSource, [
        'c2pa.resized',
        'c2pa.transcoded',
      ]);
      // exiftool reads the same source type in the XMP as c2pa-rs in the manifest.
      expect(exiftoolSourceType(generated.rawPayload)).toBe(
        'http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia',
      );

      // An edited upload (PNG), declared a composite, and an offer of the generated picture.
      const uploadedPng = await sharp({
        create: { width: 900, height: 600, channels: 4, background: '#2a6f97aa' },
      })
        .png()
        .toBuffer();
      const uploaded = UploadedImageSchema.parse(
        (
          await app.inject({
            method: 'POST',
            url: adminApiPaths.catalogImages,
            payload: uploadedPng,
            headers: { ...bearer(admin.accessToken), 'content-type': 'image/png' },
          })
        ).json(),
      );
      const createOffer = async (urlName: string, title: string, source: object, extra = {}) => {
        const response = await app.inject({
          method: 'POST',
          url: adminApiPaths.catalogOffers,
          headers: bearer(admin.accessToken),
          payload: {
            title,
            description: '',
            urlName,
            categoryId: category!.id,
            style: 'Vintage',
            tags: [],
            source,
            variants: [
              { kind: 'standard', prices: { EUR: 300, USD: 350 } },
              { kind: 'full', prices: { EUR: 900, USD: 990 } },
            ],
            ...extra,
          },
        });
        const offer = AdminOfferSchema.parse(response.json());
        await app.inject({
          method: 'POST',
          url: withId(adminApiPaths.catalogOfferPublish, offer.id),
          headers: bearer(admin.accessToken),
        });
        const detail = await get(
          app,
          null,
          `${apiPaths.offersGetOne}?UrlName=${urlName}&Currency=EUR`,
        );
        return OfferDetailSchema.parse(detail.json());
      };
      const edited = await createOffer(
        'edited-bay',
        'Edited Bay',
        { type: 'upload', imageKey: uploaded.imageKey },
        { digitalSourceType: 'compositeWithTrainedAlgorithmicMedia' },
      );
      const kettle = await createOffer('copper-kettle', 'Copper Kettle', {
        type: 'generated',
        jobId,
        n: 1,
      });

      // A buyer of all four variants.
      const buyer = await signUp(app);
      await creditBalance(ctx.database.db, buyer, 2_400, 'EUR');
      const ids = [edited, kettle].flatMap((offer) => offer.attributes.map((a) => a.id));
      await placeOrder(app, buyer, orderRequest(ids, { payByBalance: true }));
      const [order] = await ordersOf(app, buyer);
      const artworks = PurchasedArtworkListSchema.parse(
        (await get(app, buyer, apiPaths.artworks)).json(),
      );
      expect(artworks).toHaveLength(4);

      const cases: [
        OfferDetail,
        Buffer,
        'trainedAlgorithmicMedia' | 'compositeWithTrainedAlgorithmicMedia',
        string,
        string | undefined,
      ][] = [
        // An upload's maker is unknown: its manifests name no generator.
        [edited, uploadedPng, 'compositeWithTrainedAlgorithmicMedia', 'png', undefined],
        [kettle, generated.rawPayload, 'trainedAlgorithmicMedia', 'jpeg', GENERATOR],
      ];
      for (const [offer, original, digitalSourceType, originalFormat, generator] of cases) {
        const source: ExpectedProvenance = { digitalSourceType, generator };
        const bought = artworks.filter((artwork) => artwork.offerId === offer.id);
        const file = async (kind: string) => {
          const artwork = bought.find((candidate) => candidate.kind === kind);
          return (await get(app, buyer, artwork?.downloadUrl ?? '')).rawPayload;
        };
        const [standard, full] = [await file('standard'), await file('full')];
        const marks = {
          title: offer.title,
          copyright: `© ${YEAR} Pictura`,
          digitalSourceType,
          orderReference: `Pictura order ${order?.id}`,
        };

        // Standard: the size the picture page promises, JPEG.
        const promisedStandard = standardDownloadSize(offer.image.width, offer.image.height);
        expect(await sharp(standard).metadata()).toMatchObject({
          ...promisedStandard,
          format: 'jpeg',
        });
        await expectMarks(standard, {
          ...marks,
          licenceName: 'Standard licence (personal use)',
          licenceUrl: `${PUBLIC_URL}/personal-licence`,
        });
        await expectDerivedC2pa(standard, source, ['c2pa.resized']);
        // Full resolution: the original's size, format and pixels exactly.
        const [fullPixels, originalPixels] = [await pixelsOf(full), await pixelsOf(original)];
        expect([fullPixels.width, fullPixels.height]).toEqual([
          offer.image.width,
          offer.image.height,
        ]);
        expect((await sharp(full).metadata()).format).toBe(originalFormat);
        expect(fullPixels.data.equals(originalPixels.data)).toBe(true);
        await expectMarks(full, {
          ...marks,
          licenceName: 'Full licence (commercial use)',
          licenceUrl: `${PUBLIC_URL}/commercial-licence`,
        });
        await expectCreatedC2pa(full, source);
        expect(exiftoolSourceType(full)).toBe(
          `http://cv.iptc.org/newscodes/digitalsourcetype/${digitalSourceType}`,
        );
        // Signed once: a second download is the same file.
        expect((await file('full')).equals(full)).toBe(true);

        // The public previews (WebP and AVIF) and the link preview: marked, with the terms as their
        // licence and no order reference, and signed as derived from the original.
        const publicFiles = [
          ...offer.image.previews.slice(0, 2).map((p) => p.url),
          offer.image.share,
        ];
        expect(offer.image.previews.slice(0, 2).map((p) => p.format)).toEqual(['webp', 'avif']);
        for (const url of publicFiles) {
          const response = await get(app, null, url);
          expect(response.statusCode).toBe(200);
          await expectDerivedC2pa(response.rawPayload, source, PREVIEW_STEPS);
          await expectMarks(response.rawPayload, {
            ...marks,
            orderReference: undefined,
            licenceName: 'Preview only: no licence is granted; see the Pictura terms',
            licenceUrl: `${PUBLIC_URL}/terms-and-conditions`,
          });
        }
      }
    },
  );
});
