import type { TFunction } from 'i18next';
import { ApiError } from './api-client';

/**
 * The text to show for a failed call, in the active language. The server's own general message
 * (the empty key of a 400) is shown as sent; every other case is one of section 8's messages.
 */
export function apiErrorText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    return error.code === 'serverMessage' ? error.message : t(`apiErrors.${error.code}`);
  }
  return t('apiErrors.generic');
}
