import { ERROR_MESSAGES, GENERAL_ERROR_KEY } from '@pictura/contract';

/** The kinds of failure domain code reports, and the HTTP status each becomes. */
export const APP_ERROR_STATUS = {
  VALIDATION: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  GONE: 410,
  TOO_MANY_REQUESTS: 429,
  SERVICE_UNAVAILABLE: 503,
} as const;
export type AppErrorCode = keyof typeof APP_ERROR_STATUS;

export const NOT_FOUND_MESSAGE = 'Not found';

const DEFAULT_MESSAGES: Record<AppErrorCode, string> = {
  VALIDATION: ERROR_MESSAGES.validationFailed,
  UNAUTHORIZED: 'Authentication is required.',
  FORBIDDEN: 'You are not allowed to do this.',
  NOT_FOUND: NOT_FOUND_MESSAGE,
  CONFLICT: 'This conflicts with the current state; reload and try again.',
  GONE: 'This is no longer available.',
  TOO_MANY_REQUESTS: ERROR_MESSAGES.tooManyRequests,
  SERVICE_UNAVAILABLE: 'The service is temporarily unavailable.',
};

/** Field name to message; the empty key (GENERAL_ERROR_KEY) holds a general message. */
export type ErrorFields = Readonly<Record<string, string>>;

/**
 * A failure the user can act on, thrown by domain code and turned into the error body of
 * docs/product/api.md#errors by the error handler: `throw new AppError('VALIDATION', { email:
 * 'Already registered.' })`. Without fields the body carries the code's default message under the
 * empty key.
 */
export class AppError extends Error {
  readonly status: number;
  readonly fields: ErrorFields;

  constructor(
    readonly code: AppErrorCode,
    fields?: ErrorFields,
    options?: ErrorOptions,
  ) {
    const body =
      fields && Object.keys(fields).length > 0
        ? fields
        : { [GENERAL_ERROR_KEY]: DEFAULT_MESSAGES[code] };
    super(body[GENERAL_ERROR_KEY] ?? `${code}: ${Object.keys(body).join(', ')}`, options);
    this.name = 'AppError';
    this.status = APP_ERROR_STATUS[code];
    this.fields = body;
  }

  /** An error with only a general message. */
  static general(code: AppErrorCode, message: string): AppError {
    return new AppError(code, { [GENERAL_ERROR_KEY]: message });
  }
}
