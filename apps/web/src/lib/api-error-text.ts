import type { TFunction } from 'i18next';
import { ApiError } from './api-client';
import { apiErrorCodeText } from './api-error-code-text';
import { serverMessageText } from './server-messages';

/**
 * The text to show for a failed call, in the active language. The server's own general message
 * (the empty key of a 400) is translated when the contract knows it, else shown as sent; every
 * other case is one of section 8's messages.
 */
export function apiErrorText(error: unknown, t: TFunction): string {
  return error instanceof ApiError && error.code === 'serverMessage'
    ? serverMessageText(error.message, t)
    : apiErrorCodeText(error, t);
}
