import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_UPLOAD_LIMITS,
  AdminCategoryListSchema,
  AdminCategorySchema,
  AdminIdParamsSchema,
  AdminOfferListSchema,
  AdminOfferSchema,
  AdminOffersQuerySchema,
  adminRoutePaths,
  CategoryWriteSchema,
  ErrorBodySchema,
  OfferCreateSchema,
  OfferFieldsSchema,
  UploadedImageSchema,
  VariantsWriteSchema,
} from '@pictura/contract';
import type { Db } from '../../infra/db/index.js';
import type { CatalogCaches } from './catalog-caches.js';
import type { FileStorage } from '../../infra/storage/index.js';
import { adminOf, requireAdminWith } from '../admin/index.js';
import {
  createCategory,
  deleteCategory,
  listAdminCategories,
  updateCategory,
} from './admin-categories.js';
import { acceptUpload } from './admin-images.js';
import { getAdminOffer, listAdminOffers } from './admin-offer-view.js';
import {
  createAdminOffer,
  setOfferPublished,
  updateAdminOffer,
  updateAdminVariants,
} from './admin-offers.js';

export interface CatalogAdminRoutesOptions {
  db: Db;
  storage: FileStorage;
  caches: CatalogCaches;
}

const errors = { 400: ErrorBodySchema, 404: ErrorBodySchema };
const params = AdminIdParamsSchema;

/**
 * The catalog back office, registered inside the admin scope. Changes show at once in the shop:
 * the catalog tables' triggers tell every process to drop its cached answers, and this process
 * drops its own before answering, so the admin's next look at the shop never races the notice.
 */
export const catalogAdminRoutes: FastifyPluginAsyncZod<CatalogAdminRoutesOptions> = async (
  app,
  { db, storage, caches },
) => {
  app.addHook('onSend', async (request, reply) => {
    if (request.method !== 'GET' && reply.statusCode < 400) caches.clear();
  });

  // Uploads are the raw picture as the body. The type is decided from the bytes, so any image/*
  // (or a generic binary) Content-Type is read and then checked; the body limit is the route's.
  const readBytes = (_request: unknown, body: Buffer, done: (e: null, b: Buffer) => void) =>
    done(null, body);
  app.addContentTypeParser(/^image\//, { parseAs: 'buffer' }, readBytes);
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer' }, readBytes);

  app.get(
    adminRoutePaths.catalogCategories,
    {
      schema: {
        summary: 'Categories with their names, position and all their offers counted',
        response: { 200: AdminCategoryListSchema },
      },
    },
    async () => listAdminCategories(db),
  );

  app.post(
    adminRoutePaths.catalogCategories,
    {
      schema: {
        summary: 'Create a category',
        body: CategoryWriteSchema,
        response: { 200: AdminCategorySchema, 400: ErrorBodySchema },
      },
    },
    async (request) => createCategory(db, adminOf(request).id, request.body),
  );

  app.put(
    adminRoutePaths.catalogCategory,
    {
      schema: {
        summary: 'Change a category: url name, names in en, es and ja, position',
        params,
        body: CategoryWriteSchema,
        response: { 200: AdminCategorySchema, ...errors },
      },
    },
    async (request) => updateCategory(db, adminOf(request).id, request.params.id, request.body),
  );

  app.delete(
    adminRoutePaths.catalogCategory,
    {
      schema: {
        summary: 'Delete an empty category (409 while it holds any offer)',
        params,
        response: { 200: z.object({}), ...errors, 409: ErrorBodySchema },
      },
    },
    async (request) => {
      await deleteCategory(db, adminOf(request).id, request.params.id);
      return {};
    },
  );

  app.get(
    adminRoutePaths.catalogOffers,
    {
      schema: {
        summary: 'Offers, published or not, newest first; Search matches the title',
        querystring: AdminOffersQuerySchema,
        response: { 200: AdminOfferListSchema, 400: ErrorBodySchema },
      },
    },
    async (request) => listAdminOffers(db, request.query),
  );

  app.get(
    adminRoutePaths.catalogOffer,
    {
      schema: {
        summary: 'One offer with its variants and prices',
        params,
        response: { 200: AdminOfferSchema, ...errors },
      },
    },
    async (request) => getAdminOffer(db, request.params.id),
  );

  app.post(
    adminRoutePaths.catalogOffers,
    {
      schema: {
        summary: 'Create an unpublished offer from an uploaded or one of my generated pictures',
        body: OfferCreateSchema,
        response: { 200: AdminOfferSchema, 400: ErrorBodySchema },
      },
    },
    async (request) => createAdminOffer(db, storage, adminOf(request).id, request.body),
  );

  app.put(
    adminRoutePaths.catalogOffer,
    {
      schema: {
        summary: 'Change title, description, url name, category, style and tags',
        params,
        body: OfferFieldsSchema,
        response: { 200: AdminOfferSchema, ...errors },
      },
    },
    async (request) => updateAdminOffer(db, adminOf(request).id, request.params.id, request.body),
  );

  app.put(
    adminRoutePaths.catalogOfferVariants,
    {
      schema: {
        summary: 'Set the variants and their EUR and USD prices (minor units)',
        params,
        body: VariantsWriteSchema,
        response: { 200: AdminOfferSchema, ...errors },
      },
    },
    async (request) =>
      updateAdminVariants(db, adminOf(request).id, request.params.id, request.body),
  );

  for (const [path, published] of [
    [adminRoutePaths.catalogOfferPublish, true],
    [adminRoutePaths.catalogOfferUnpublish, false],
  ] as const) {
    app.post(
      path,
      {
        schema: {
          summary: published ? 'Put an offer on sale' : 'Take an offer off sale',
          params,
          response: { 200: AdminOfferSchema, ...errors },
        },
      },
      async (request) => setOfferPublished(db, adminOf(request).id, request.params.id, published),
    );
  }

  app.post(
    adminRoutePaths.catalogImages,
    {
      bodyLimit: ADMIN_UPLOAD_LIMITS.maxBytes,
      // The admin check runs before the body is read too, so nobody else can make us buffer 20 MB.
      onRequest: requireAdminWith(db),
      schema: {
        summary: 'Upload a picture (the raw JPEG, PNG or WebP bytes as the body, at most 20 MB)',
        response: { 200: UploadedImageSchema, 400: ErrorBodySchema, 413: ErrorBodySchema },
      },
    },
    async (request) => {
      // Any other Content-Type (text, JSON) was parsed as such: it is not a picture either.
      const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      return acceptUpload(storage, bytes);
    },
  );
};
