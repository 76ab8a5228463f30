import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiPaths,
  ErrorBodySchema,
  GenerationAcceptedSchema,
  GenerationJobListQuerySchema,
  GenerationJobListSchema,
  GenerationJobSchema,
  GenerationPriceListSchema,
  GenerationRequestSchema,
} from '@pictura/contract';
import { routeRateLimit } from '../../http/rate-limit.js';
import { requireUser, requireVerifiedEmail, userOf } from '../accounts/index.js';
import type { RecordingIdempotency } from '../idempotency/index.js';
import type { EventStreams } from './event-stream.js';
import type { GenerationService } from './service.js';

export interface GenerationRoutesOptions {
  service: GenerationService;
  streams: EventStreams;
  /** A submission's Idempotency-Key, on which it records its job. */
  submitKeys: RecordingIdempotency;
  /** Submissions per minute per client IP (GENERATION_RATE_LIMIT_MAX). */
  rateLimitMax: number;
}

const tags = ['generated images'];
const JobParamsSchema = z.object({ jobId: z.string() });
const PictureParamsSchema = z.object({ jobId: z.string(), n: z.string() });
// A person's pictures: no cache keeps them
// (docs/decisions/accounts/caches-keep-nothing-personal.md).
const PRIVATE_NO_STORE = 'private, no-store';

/** /api/generated-images (docs/product/generation.md): the signed-in user's own jobs only. */
export const generationRoutes: FastifyPluginAsyncZod<GenerationRoutesOptions> = async (
  app,
  { service, streams, submitKeys, rateLimitMax },
) => {
  const auth = { 401: ErrorBodySchema, 404: ErrorBodySchema };

  app.get(
    apiPaths.generatedImagesPrices,
    {
      schema: {
        tags,
        summary: 'The price of a generation by quality and number of pictures, in both currencies',
        response: { 200: GenerationPriceListSchema },
      },
    },
    async () => service.prices(),
  );

  app.post(
    apiPaths.generatedImages,
    {
      config: routeRateLimit(rateLimitMax),
      preValidation: [requireUser, requireVerifiedEmail],
      preHandler: submitKeys.preHandler,
      onSend: submitKeys.onSend,
      schema: {
        tags,
        summary:
          'Generate pictures: holds the price from my balance and queues the job (202; Idempotency-Key accepted)',
        body: GenerationRequestSchema,
        response: {
          202: GenerationAcceptedSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          409: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const accepted = await service.submit(userOf(request).id, request.body, {
        inTransaction: (tx, jobId) => submitKeys.record(request, tx, jobId),
      });
      return reply.code(202).send(accepted);
    },
  );

  app.get(
    apiPaths.generatedImages,
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'My generations and their pictures, newest first',
        querystring: GenerationJobListQuerySchema,
        response: { 200: GenerationJobListSchema, 400: ErrorBodySchema, 401: ErrorBodySchema },
      },
    },
    async (request) => service.listJobs(userOf(request).id, request.query.Before),
  );

  app.get(
    `${apiPaths.generatedImages}/:jobId`,
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'One of my generations (for polling when the progress stream breaks)',
        params: JobParamsSchema,
        response: { 200: GenerationJobSchema, ...auth },
      },
    },
    async (request) => service.job(userOf(request).id, request.params.jobId),
  );

  app.post(
    `${apiPaths.generatedImages}/:jobId/cancel`,
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Cancel a generation that has not started; its price goes back to my balance',
        params: JobParamsSchema,
        response: { 200: GenerationJobSchema, 409: ErrorBodySchema, ...auth },
      },
    },
    async (request) => service.cancel(userOf(request).id, request.params.jobId),
  );

  app.get(
    `${apiPaths.generatedImages}/:jobId/events`,
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary:
          'Progress as server-sent events (queued, running, done, failed; see GenerationEventSchema), until done or failed',
        params: JobParamsSchema,
        response: { ...auth },
      },
    },
    async (request, reply) => {
      const { jobId, first, read } = await service.progress(
        userOf(request).id,
        request.params.jobId,
      );
      streams.stream(reply, jobId, first, read);
      return reply;
    },
  );

  for (const download of [false, true]) {
    app.get(
      `${apiPaths.generatedImages}/:jobId/images/:n${download ? '/download' : ''}`,
      {
        preValidation: requireUser,
        schema: {
          tags,
          summary: download
            ? 'A delivered picture as a file to save (owner only)'
            : 'The preview of a delivered picture: WebP, at most 640 pixels wide (owner only)',
          params: PictureParamsSchema,
        },
      },
      async (request, reply) => {
        const picture = await service.picture(
          userOf(request).id,
          request.params.jobId,
          request.params.n,
          { download },
        );
        reply.header('cache-control', PRIVATE_NO_STORE).type(picture.contentType);
        if (!download) return reply.send(picture.bytes);
        return reply
          .header('content-disposition', `attachment; filename="${picture.fileName}"`)
          .send(picture.bytes);
      },
    );
  }
};
