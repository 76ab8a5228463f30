import type { FastifyInstance, FastifyRequest } from 'fastify';
import { httpRequestDuration } from '../infra/metrics/index.js';

/**
 * The route label: the route's pattern (`/api/offers/:id`), never the address itself, which would
 * make one series per offer or per guessed URL. Requests no route matched are either pages (the
 * web app answers them) or unknown API paths.
 */
export function routeLabelOf(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (pattern !== undefined) return pattern;
  return request.url.toLowerCase().startsWith('/api/') ? '(unknown api path)' : '(page)';
}

/** Times every answer into `pictura_http_request_duration_seconds` (docs/operations/backup-and-metrics.md#metrics). */
export function registerRequestMetrics(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    httpRequestDuration.observe(
      { route: routeLabelOf(request), method: request.method, status: String(reply.statusCode) },
      reply.elapsedTime / 1_000,
    );
  });
}
