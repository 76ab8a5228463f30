// Ownership across the API: every route that names a user's resource answers 404
// to anyone else, as if it did not exist, and every list shows its caller's own rows only. One user
// makes one of each resource; the table below names each route with what its owner gets, so that
// a 404 for the stranger cannot come from a wrong URL.
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import {
  apiPaths,
  apiPathTo,
  GenerationAcceptedSchema,
  GenerationJobListSchema,
  LedgerHistorySchema,
  OrderListSchema,
  PurchasedArtworkListSchema,
} from '@pictura/contract';
import type { App } from '../app.js';
import { createFileStorage } from '../infra/storage/index.js';
import {
  createCategories,
  createOffers,
  offerAttributes,
  offers,
  storeOriginal,
} from '../modules/catalog/index.js';
import { bearer, describeEachEngine, randomIp, signUp, testConfig } from '../test/index.js';
import type { TestUser } from '../test/index.js';
// The test helpers are one folder, not a module: these files are its money and generation parts,
// which the modules' own tests import the same way (their '../../' path is outside the rule).
/* eslint-disable no-restricted-imports */
import {
  abandonUnfinishedJobs,
  fastTuning,
  generationRequest,
  submitGeneration,
  waitForJob,
} from '../test/generation.js';
import { orderRequest, ordersOf, placeOrder } from '../test/orders.js';
import { fundBalance, paymentOfLink } from '../test/payments.js';
/* eslint-enable no-restricted-imports */

interface OwnedRoute {
  method: 'GET' | 'POST';
  url: string;
  /** What the owner gets: proof that the route and the id are right. */
  ownerStatus: number;
}

const call = (app: App, user: TestUser, route: Pick<OwnedRoute, 'method' | 'url'>) =>
  app.inject({
    method: route.method,
    url: route.url,
    remoteAddress: randomIp(),
    headers: bearer(user.accessToken),
  });

describeEachEngine("another user's resources", (ctx) => {
  // Two variants: one waits in a pending order, the other is bought (one variant cannot be both).
  let pendingVariant: number;
  let paidVariant: number;

  // An offer whose original is in the app's file storage, so that a purchase can be downloaded.
  beforeAll(async () => {
    const original = await sharp({
      create: { width: 48, height: 32, channels: 3, background: '#2e86c1' },
    })
      .jpeg()
      .toBuffer();
    const image = await storeOriginal(createFileStorage(testConfig()), original);
    const [category] = await createCategories(ctx.database.db, [
      { urlName: 'ownership', names: { en: 'Ownership', es: 'Propiedad', ja: '所有' } },
    ]);
    await createOffers(ctx.database.db, [
      {
        urlName: 'private-pier',
        title: 'Private Pier',
        description: 'Private Pier at dawn.',
        style: 'Vintage',
        categoryId: category?.id ?? 0,
        tags: [],
        prompt: 'private pier, dawn',
        seed: 1,
        image,
        attributes: [
          { kind: 'standard', prices: { EUR: 300, USD: 350 } },
          { kind: 'full', prices: { EUR: 500, USD: 600 } },
        ],
      },
    ]);
    const [standard, full] = await ctx.database.db
      .select({ id: offerAttributes.id })
      .from(offerAttributes)
      .innerJoin(offers, eq(offers.id, offerAttributes.offerId))
      .where(eq(offers.urlName, 'private-pier'))
      .orderBy(offerAttributes.id);
    pendingVariant = standard?.id ?? 0;
    paidVariant = full?.id ?? 0;
  });

  /** An owner with one of each resource, and the routes that name them. */
  async function ownerWithEverything(app: App): Promise<{ owner: TestUser; routes: OwnedRoute[] }> {
    const owner = await signUp(app);
    // A paid deposit: a payment and a ledger entry.
    const depositId = await fundBalance(app, owner, 2_000, 'EUR');
    // A pending order paid by card: an order and its payment.
    const pendingLink = await placeOrder(app, owner, orderRequest([pendingVariant]));
    const pendingPayment = paymentOfLink(pendingLink).paymentId;
    const pending = (await ordersOf(app, owner)).find((order) => order.status === 'pending');
    // A paid order: a purchased artwork.
    await placeOrder(app, owner, orderRequest([paidVariant], { payByBalance: true }));
    const [artwork] = PurchasedArtworkListSchema.parse(
      (await call(app, owner, { method: 'GET', url: apiPaths.artworks })).json(),
    );
    // A finished generation: a job and its pictures.
    const submitted = await submitGeneration(app, owner, generationRequest());
    const { id: jobId } = GenerationAcceptedSchema.parse(submitted.json());
    await waitForJob(app, owner, jobId);
    if (!pending || !artwork) throw new Error('the owner has no pending order or no artwork');

    return {
      owner,
      routes: [
        { method: 'POST', url: apiPathTo.orderPay(pending.id), ownerStatus: 200 },
        { method: 'GET', url: apiPathTo.payment(pendingPayment), ownerStatus: 200 },
        { method: 'GET', url: apiPathTo.payment(depositId), ownerStatus: 200 },
        { method: 'GET', url: apiPathTo.artworkDownload(artwork.id), ownerStatus: 200 },
        { method: 'GET', url: apiPathTo.artworkLicence(artwork.id), ownerStatus: 200 },
        { method: 'GET', url: apiPathTo.generatedImage(jobId), ownerStatus: 200 },
        { method: 'GET', url: apiPathTo.generatedImageEvents(jobId), ownerStatus: 200 },
        { method: 'POST', url: apiPathTo.generatedImageCancel(jobId), ownerStatus: 409 },
        { method: 'GET', url: apiPathTo.generatedImagePreview(jobId, 1), ownerStatus: 200 },
        { method: 'GET', url: apiPathTo.generatedImageDownload(jobId, 1), ownerStatus: 200 },
      ],
    };
  }

  it('answers 404 to another signed-in user on every route that names the resource', async () => {
    const app = await ctx.buildApp({ generation: fastTuning() });
    try {
      const { owner, routes } = await ownerWithEverything(app);
      const stranger = await signUp(app);

      const seen = [];
      for (const route of routes) {
        const byOwner = await call(app, owner, route);
        const byStranger = await call(app, stranger, route);
        seen.push({
          route: `${route.method} ${route.url}`,
          owner: byOwner.statusCode,
          stranger: byStranger.statusCode,
        });
      }

      expect(seen).toEqual(
        routes.map((route) => ({
          route: `${route.method} ${route.url}`,
          owner: route.ownerStatus,
          stranger: 404,
        })),
      );
    } finally {
      await abandonUnfinishedJobs(ctx.database.db);
    }
  });

  it("lists none of another user's orders, artworks, generations or balance movements", async () => {
    const app = await ctx.buildApp({ generation: fastTuning() });
    try {
      const { owner } = await ownerWithEverything(app);
      const stranger = await signUp(app);
      const list = async (user: TestUser, url: string) =>
        (await call(app, user, { method: 'GET', url })).json();
      const lists = async (user: TestUser) => ({
        orders: OrderListSchema.parse(await list(user, apiPaths.orders)).length,
        artworks: PurchasedArtworkListSchema.parse(await list(user, apiPaths.artworks)).length,
        generations: GenerationJobListSchema.parse(await list(user, apiPaths.generatedImages)).items
          .length,
        movements: LedgerHistorySchema.parse(
          await list(user, `${apiPaths.balanceHistory}?Currency=EUR`),
        ).entries.length,
      });

      const ofOwner = await lists(owner);
      const ofStranger = await lists(stranger);

      // The owner's lists are not empty, so empty ones for the stranger mean filtered, not broken.
      expect(Object.values(ofOwner).every((count) => count > 0)).toBe(true);
      expect(ofStranger).toEqual({ orders: 0, artworks: 0, generations: 0, movements: 0 });
    } finally {
      await abandonUnfinishedJobs(ctx.database.db);
    }
  });
});
