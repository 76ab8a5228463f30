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
  GENERATION_COUNT_MAX,
  type GeneratorKind,
} from '@pictura/contract';
import { AppError } from '../../lib/index.js';
import { routeRateLimit } from '../../http/rate-limit.js';
import type { Db } from '../../infra/db/index.js';
import type { FileStorage } from '../../infra/storage/index.js';
import { requireUser, userOf } from '../accounts/index.js';
import { createRecordingIdempotency } from '../idempotency/index.js';
import type { EventStreams } from './event-stream.js';
import { downloadName } from './pictures.js';
import { priceList } from './prices.js';
import { eventOf, findJob, findPicture, jobIdFrom, listJobs } from './reads.js';
import type { Submissions } from './submit.js';

export interface GenerationRoutesOptions {
  db: Db;
  storage: FileStorage;
  submissions: Submissions;
  streams: EventStreams;
  /** Submissions per minute per client IP (GENERATION_RATE_LIMIT_MAX). */
  rateLimitMax: number;
  /** The configured provider (IMAGE_PROVIDER), so the page can say when it is the offline demo. */
  generator: GeneratorKind;
}

const tags = ['generated images'];
const JobParamsSchema = z.object({ jobId: z.string() });
const PictureParamsSchema = z.object({ jobId: z.string(), n: z.string() });
// The pictures of a job never change once delivered; only their owner may cache them.
const PRIVATE_IMMUTABLE = 'private, max-age=31536000, immutable';

/** A job id from the path, or a 404 (malformed ids are unknown ids). */
const jobIdOf = (text: string): string => {
  const id = jobIdFrom(text);
  if (!id) throw new AppError('NOT_FOUND');
  return id;
};

const pictureNumberOf = (text: string): number => {
  const n = /^[1-9]$/.test(text) ? Number(text) : 0;
  if (n < 1 || n > GENERATION_COUNT_MAX) throw new AppError('NOT_FOUND');
  return n;
};

/**
 * /api/generated-images (seed-spec section 7). Every job, stream and picture is looked up
 * with the signed-in user's id: another user's job is a 404, exactly like one that does not exist.
 */
export const generationRoutes: FastifyPluginAsyncZod<GenerationRoutesOptions> = async (
  app,
  { db, storage, submissions, streams, rateLimitMax, generator },
) => {
  // A submission records its job on its Idempotency-Key in the transaction that holds the price: a
  // retry after a crash between that commit and the answer gets the job, and nothing is held twice.
  const submitKeys = createRecordingIdempotency(db, async (userId, jobId) => {
    const job = await findJob(db, userId, jobId);
    return { status: 202, body: { id: jobId, status: job?.status ?? 'queued' } };
  });
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
    async () => ({ prices: priceList(), generator }),
  );

  app.post(
    apiPaths.generatedImages,
    {
      config: routeRateLimit(rateLimitMax),
      preValidation: requireUser,
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
      const accepted = await submissions.submit(userOf(request).id, request.body, {
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
    async (request) => listJobs(db, userOf(request).id, request.query.Before?.toLowerCase()),
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
    async (request) => {
      const job = await findJob(db, userOf(request).id, jobIdOf(request.params.jobId));
      if (!job) throw new AppError('NOT_FOUND');
      return job;
    },
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
    async (request) => {
      const job = await submissions.cancel(userOf(request).id, jobIdOf(request.params.jobId));
      if (!job) throw new AppError('NOT_FOUND');
      return job;
    },
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
      const userId = userOf(request).id;
      const jobId = jobIdOf(request.params.jobId);
      const read = async () => {
        const job = await findJob(db, userId, jobId);
        return job && eventOf(job);
      };
      const first = await read();
      if (!first) throw new AppError('NOT_FOUND');
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
        const jobId = jobIdOf(request.params.jobId);
        const n = pictureNumberOf(request.params.n);
        const picture = await findPicture(db, userOf(request).id, jobId, n);
        const bytes =
          picture && (await storage.get(download ? picture.storageKey : picture.previewKey));
        if (!picture || !bytes) throw new AppError('NOT_FOUND');
        reply.header('cache-control', PRIVATE_IMMUTABLE);
        if (!download) return reply.type('image/webp').send(bytes);
        return reply
          .type(picture.contentType)
          .header(
            'content-disposition',
            `attachment; filename="${downloadName(jobId, n, picture.contentType)}"`,
          )
          .send(bytes);
      },
    );
  }
};
