import type { TFunction } from 'i18next';
import { ApiError } from './api-client';

/**
 * The text to show for a failed call whose answers carry none of the contract's server messages
 * (SERVER_MESSAGES: accounts, orders, balance, generations…), as the catalog's reads: one of section
 * 8's messages, or the server's general message as sent. Without those messages' tables, which
 * apiErrorText (api-error-text.ts) looks up and the first views need not load.
 */
export function apiErrorCodeText(error: unknown, t: TFunction): string {
  if (!(error instanceof ApiError)) return t('apiErrors.generic');
  return error.code === 'serverMessage' ? error.message : t(`apiErrors.${error.code}`);
}
