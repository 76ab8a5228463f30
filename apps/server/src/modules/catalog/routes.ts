import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiPaths,
  CategoryListSchema,
  ContentCredentialsQuerySchema,
  ContentCredentialsSchema,
  ErrorBodySchema,
  GetOneOfferQuerySchema,
  LatestOffersQuerySchema,
  OfferAttributeLookupListSchema,
  OfferAttributeLookupQuerySchema,
  OfferDetailSchema,
  OfferListSchema,
  PREVIEW_FORMATS,
  PREVIEW_WIDTHS,
  SearchOffersQuerySchema,
  SearchOffersResponseSchema,
} from '@pictura/contract';
import { AppError } from '../../lib/index.js';
import type { Db } from '../../infra/db/index.js';
import type { RenderReads } from '../../http/render-reads.js';
import { PREVIEW_CONTENT_TYPES, type PreviewWidth } from '../../infra/images/index.js';
import { lookUpAttributes } from './attribute-lookup.js';
import { SHARE_FILE, type PreviewStore } from './images.js';
import { cachedAnswer, cachedJson, type CatalogCaches } from './catalog-caches.js';
import { createContentCredentials } from './content-credentials.js';
import { searchOffersJson } from './search.js';
import { getOffer, latestOffers, listCategories } from './service.js';

export interface CatalogRoutesOptions {
  db: Db;
  previews: PreviewStore;
  caches: CatalogCaches;
  /** Where the first view's answers are offered to the server render without a request. */
  reads: RenderReads;
}

const tags = ['catalog'];

/** Sends an answer that is already JSON text in UTF-8: Fastify passes bytes through unserialised. */
const sendJsonText = (reply: FastifyReply, bytes: Buffer) =>
  reply.type('application/json; charset=utf-8').send(bytes);
const PREVIEW_FILE = new RegExp(`^(${PREVIEW_WIDTHS.join('|')})\\.(${PREVIEW_FORMATS.join('|')})$`);
// A preview's bytes never change under its URL: the key is the original's content hash.
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The offer calls of docs/product/api.md#calls, the categories, the public previews and what their
 * Content Credentials say.
 */
export const catalogRoutes: FastifyPluginAsyncZod<CatalogRoutesOptions> = async (
  app,
  { db, previews, caches, reads },
) => {
  // Each answer below is the same JSON text for its route and for the server render's read: the
  // same cache key (the route and the parsed query) and the same schemas.
  const getOne = (query: z.output<typeof GetOneOfferQuerySchema>) =>
    cachedAnswer(caches, apiPaths.offersGetOne, query, OfferDetailSchema, () =>
      getOffer(db, query.UrlName, query.Currency),
    );
  const categoryList = () =>
    cachedAnswer(caches, apiPaths.categories, {}, CategoryListSchema, () =>
      listCategories(db, caches),
    );
  reads.add(apiPaths.offersGetOne, async (query) => {
    const parsed = GetOneOfferQuerySchema.safeParse(query);
    return parsed.success ? (await getOne(parsed.data)).toString() : undefined;
  });
  reads.add(apiPaths.categories, async (query) =>
    Object.keys(query).length === 0 ? (await categoryList()).toString() : undefined,
  );

  app.get(
    apiPaths.offersLatest,
    {
      schema: {
        tags,
        summary: 'The newest offers, priced in the currency',
        querystring: LatestOffersQuerySchema,
        response: { 200: OfferListSchema, 400: ErrorBodySchema },
      },
    },
    async (request, reply) =>
      sendJsonText(
        reply,
        await cachedAnswer(caches, apiPaths.offersLatest, request.query, OfferListSchema, () =>
          latestOffers(db, request.query.Currency),
        ),
      ),
  );

  app.get(
    apiPaths.offersGetOne,
    {
      schema: {
        tags,
        summary: 'One offer by its url name, with its variants priced in the currency',
        querystring: GetOneOfferQuerySchema,
        response: { 200: OfferDetailSchema, 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => sendJsonText(reply, await getOne(request.query)),
  );

  const contentCredentials = createContentCredentials(db, previews);
  app.get(
    apiPaths.offerContentCredentials,
    {
      schema: {
        tags,
        summary:
          "What a published picture's Content Credentials say: the C2PA manifest of its stored public preview, read and validated by c2pa-rs",
        querystring: ContentCredentialsQuerySchema,
        response: { 200: ContentCredentialsSchema, 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request) => contentCredentials(request.query.UrlName),
  );

  app.get(
    apiPaths.offers,
    {
      schema: {
        tags,
        summary: 'Search offers: filters, sort by date or cheapest price, one page',
        querystring: SearchOffersQuerySchema,
        response: { 200: SearchOffersResponseSchema, 400: ErrorBodySchema },
      },
    },
    async (request, reply) =>
      sendJsonText(
        reply,
        await cachedJson(caches, apiPaths.offers, request.query, () =>
          searchOffersJson(db, request.query, caches),
        ),
      ),
  );

  app.get(
    apiPaths.offerAttributes,
    {
      schema: {
        tags,
        summary: 'Variants by id (a cart), with their offer and price in the currency',
        querystring: OfferAttributeLookupQuerySchema,
        response: { 200: OfferAttributeLookupListSchema, 400: ErrorBodySchema },
      },
    },
    async (request) => lookUpAttributes(db, request.query.Ids, request.query.Currency),
  );

  app.get(
    apiPaths.categories,
    {
      schema: {
        tags,
        summary: 'The gallery categories with their numbers of offers',
        response: { 200: CategoryListSchema },
      },
    },
    async (_request, reply) => sendJsonText(reply, await categoryList()),
  );

  app.get(
    `${apiPaths.images}/:imageKey/:file`,
    {
      // Static content a CDN would serve in production; each URL is encoded at most once per
      // server, so requests cannot cost more than a bounded amount of work
      // (docs/decisions/catalog/README.md).
      config: { rateLimit: false },
      schema: {
        tags,
        summary:
          'A watermarked public preview: {width}.{format}, for example 640.webp, or share.jpg (1200x630, for link previews)',
        // Checked by the handler: anything unexpected is a 404, as for a missing file.
        params: z.object({ imageKey: z.string(), file: z.string() }),
      },
    },
    async (request, reply) => {
      const { imageKey, file } = request.params;
      if (file === SHARE_FILE) {
        const bytes = await previews.share(imageKey);
        if (!bytes) throw new AppError('NOT_FOUND');
        return reply.header('cache-control', IMMUTABLE).type('image/jpeg').send(bytes);
      }
      const match = PREVIEW_FILE.exec(file);
      if (!match) throw new AppError('NOT_FOUND');
      const width = Number(match[1]) as PreviewWidth;
      const format = match[2] as keyof typeof PREVIEW_CONTENT_TYPES;
      const bytes = await previews.get(imageKey, width, format);
      if (!bytes) throw new AppError('NOT_FOUND');
      return reply
        .header('cache-control', IMMUTABLE)
        .type(PREVIEW_CONTENT_TYPES[format])
        .send(bytes);
    },
  );
};
