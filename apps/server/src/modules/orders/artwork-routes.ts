import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiPaths,
  ArtworkIdParamsSchema,
  ErrorBodySchema,
  PurchasedArtworkListSchema,
} from '@pictura/contract';
import { sendAttachment } from '../../http/attachment.js';
import { sendStoredFile } from '../../http/stored-file.js';
import { requireUser, userOf } from '../accounts/index.js';
import type { OrdersService } from './service.js';

const tags = ['artworks'];
const errors = { 401: ErrorBodySchema, 404: ErrorBodySchema };

/** Purchased artworks and their downloads; someone else's are a 404. */
export const artworkRoutes: FastifyPluginAsyncZod<{ service: OrdersService }> = async (
  app,
  { service },
) => {
  app.get(
    apiPaths.artworks,
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'The variants I bought, newest first, with their download and licence links',
        response: { 200: PurchasedArtworkListSchema, 401: ErrorBodySchema },
      },
    },
    async (request) => service.listArtworks(userOf(request).id),
  );

  app.get(
    `${apiPaths.artworks}/:artworkId/download`,
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary:
          'Download the file of a purchased variant: full resolution is the original (JPEG, PNG or WebP), standard a smaller JPEG; either carries its licence, order and AI-source marks (XMP, C2PA). One byte range may be asked for (Range, If-Range with the ETag) to resume a download.',
        params: ArtworkIdParamsSchema,
        response: errors,
      },
    },
    async (request, reply) =>
      sendStoredFile(
        request,
        reply,
        await service.downloadArtwork(userOf(request).id, request.params.artworkId),
      ),
  );

  app.get(
    `${apiPaths.artworks}/:artworkId/licence`,
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'The licence certificate of a purchased artwork (text attachment)',
        params: ArtworkIdParamsSchema,
        response: errors,
      },
    },
    async (request, reply) =>
      sendAttachment(
        reply,
        await service.artworkLicence(userOf(request).id, request.params.artworkId),
      ),
  );
};
