/**
 * The API error body (docs/product/api.md#errors): a map of field to message; the empty key holds a
 * general message. A 500 also carries the request id so support can find the log line.
 */
export const GENERAL_ERROR_KEY = '';

export interface ErrorBody {
  errors: Record<string, string>;
  requestId?: string;
}

/**
 * `ErrorBodySchema`'s check (error-body-schema.ts) without zod, for the web's HTTP client, which
 * every first view loads: the error body, or null when the value is not one.
 */
export function readErrorBody(value: unknown): ErrorBody | null {
  if (typeof value !== 'object' || value === null) return null;
  const { errors, requestId } = value as Record<string, unknown>;
  if (typeof errors !== 'object' || errors === null || Array.isArray(errors)) return null;
  if (!Object.values(errors).every((message) => typeof message === 'string')) return null;
  if (requestId !== undefined && typeof requestId !== 'string') return null;
  return {
    errors: { ...(errors as Record<string, string>) },
    ...(requestId === undefined ? {} : { requestId }),
  };
}

/** Client-side messages of docs/product/messages.md#client-messages, spelt exactly. */
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
