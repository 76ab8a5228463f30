import type {
  FastifyError,
  FastifyReply,
  FastifyRequest,
  FastifySchemaValidationError,
} from 'fastify';
import { ERROR_MESSAGES, GENERAL_ERROR_KEY, type ErrorBody } from '@pictura/contract';
import { isDatabaseUnavailable } from '../infra/db/index.js';
import { AppError, NOT_FOUND_MESSAGE } from '../lib/index.js';
import { isApiUrl } from './api-url.js';
import type { SpaFallback } from './spa.js';

// Messages for the request errors Fastify raises itself (body parsing); any other 4xx gets the
// spec's generic message.
const FRAMEWORK_MESSAGES: Readonly<Record<string, string>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not supported.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its Content-Length.',
};

const general = (message: string): ErrorBody => ({ errors: { [GENERAL_ERROR_KEY]: message } });

/** How soon a client may retry when the database is away: about a health check's interval. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * The 400 body for failed schema validation: each issue under its field path joined with dots
 * (`items.0.id`), issues about the whole value under the empty key; the first message per field wins.
 */
export function validationErrorBody(
  issues: readonly Pick<FastifySchemaValidationError, 'instancePath' | 'message'>[],
): ErrorBody {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.instancePath.split('/').filter(Boolean).join('.');
    errors[field] ??= issue.message ?? ERROR_MESSAGES.validationFailed;
  }
  return { errors };
}

/**
 * The one error handler (docs/product/api.md#errors): field maps for 400, the spec's messages, no
 * internals.
 */
export function errorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  reply.type('application/json; charset=utf-8');

  // Zod issues arrive as Fastify validation errors (fastify-type-provider-zod's validatorCompiler).
  if (Array.isArray(error.validation)) {
    request.log.info({ validationContext: error.validationContext }, 'request validation failed');
    return reply.code(400).send(validationErrorBody(error.validation));
  }

  if (error instanceof AppError && error.status < 500) {
    request.log.info({ code: error.code }, error.message);
    return reply.code(error.status).send({ errors: error.fields });
  }

  const status = error.statusCode ?? 500;
  if (status === 429) {
    return reply.code(429).send(general(ERROR_MESSAGES.tooManyRequests));
  }
  if (status >= 400 && status < 500) {
    request.log.info({ code: error.code, statusCode: status }, error.message);
    return reply
      .code(status)
      .send(general(FRAMEWORK_MESSAGES[error.code] ?? ERROR_MESSAGES.generic));
  }

  // The database out of reach is not a bug but an outage: 503, which clients and balancers retry.
  if (isDatabaseUnavailable(error)) {
    request.log.error({ err: error }, 'request failed: the database is unavailable');
    const unavailable = new AppError('SERVICE_UNAVAILABLE');
    return reply
      .code(unavailable.status)
      .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
      .send({ errors: unavailable.fields, requestId: request.id });
  }

  // Everything else is our fault: the details (stack included) go to the log under the request id,
  // the client gets the generic message and that id to quote.
  request.log.error({ err: error }, 'request failed');
  if (error instanceof AppError) {
    return reply.code(error.status).send({ errors: error.fields, requestId: request.id });
  }
  return reply
    .code(500)
    .send({ ...general(ERROR_MESSAGES.unexpectedServerError), requestId: request.id });
}

/** A path whose last segment has an extension asks for a file (an old hashed chunk), never a page. */
const asksForFile = (url: string): boolean => /\.[^/]*$/.test(url.split('?')[0] ?? '');

/**
 * Unknown `/api/...` paths get the JSON 404. With the web app served, any other GET of a path gets
 * the page, whatever its `Accept` says (curl, link checkers and link previews send `*\/*`), with
 * the page's status (404 for a page the shop does not have); files that are not there (an old
 * hashed chunk) still get the JSON 404, which the SPA's reload logic relies on.
 */
export function notFoundHandler(spaFallback: SpaFallback | undefined) {
  return function handleNotFound(
    request: FastifyRequest,
    reply: FastifyReply,
  ): FastifyReply | Promise<FastifyReply> {
    const isPageRequest =
      (request.method === 'GET' || request.method === 'HEAD') && !asksForFile(request.url);
    if (spaFallback && isPageRequest && !isApiUrl(request.url)) {
      return spaFallback(request, reply);
    }
    // A form the server drew, sent before the app took it over (a slow phone, no JavaScript): its
    // forms are POST so that nothing typed lands in an address; the visitor is sent back to the
    // page, where the app now handles the form. The body is never read.
    if (spaFallback && request.method === 'POST' && !isApiUrl(request.url)) {
      return reply.redirect(request.url, 303);
    }
    return reply.code(404).type('application/json; charset=utf-8').send(general(NOT_FOUND_MESSAGE));
  };
}
