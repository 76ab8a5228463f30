import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compresses text answers (JSON, HTML) for clients that accept it: a page of offers shrinks to
 * about a fifth. Register before any route: the plugin attaches itself to each route as it is
 * added, after the route's own onSend hooks, so idempotency still records the JSON it answered.
 * The web build's assets come already compressed (spa.ts) and are passed through as they are.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    // The same on every Node version (zstd would join on Node 22.15 and later).
    encodings: ['br', 'gzip'],
    // Request bodies stay plain: a compressed body would get past the body limit's intent.
    globalDecompression: false,
  });
}
