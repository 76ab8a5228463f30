import { z } from 'zod';

/**
 * The API error body (DESIGN section 6): a map of field to message; the empty key holds a general
 * message (seed-spec section 5). A 500 also carries the request id so support can find the log line.
 */
export const GENERAL_ERROR_KEY = '';

export const ErrorBodySchema = z.object({
  errors: z.record(z.string(), z.string()),
  requestId: z.string().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** Client-side messages of seed-spec section 8, spelt exactly. */
export const ERROR_MESSAGES = {
  unexpectedServerError: 'An unexpected server error occurred.',
  tooManyRequests: 'Too many requests.',
  generic: 'An error has occurred.',
  validationFailed: 'Validation failed',
  refreshTokenEmpty: 'refresh token is empty',
  loggedOut: 'You were logged out',
  pageNotFound: 'Page Not Found',
  internalServerError: 'Internal Server Error',
} as const;

export function pageNotFoundMessage(path: string): string {
  return `${ERROR_MESSAGES.pageNotFound}: ${path}`;
}
