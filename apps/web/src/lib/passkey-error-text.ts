import type { TFunction } from 'i18next';
import { PASSKEY_MESSAGES } from '@pictura/contract';
import { ApiError } from './api-client';
import { formAlertText } from './form-validation';

type PasskeyMessageKey = keyof typeof PASSKEY_MESSAGES;

const keyByEnglish = new Map<string, PasskeyMessageKey>(
  Object.entries(PASSKEY_MESSAGES).map(([key, english]) => [english, key as PasskeyMessageKey]),
);

/**
 * The text for a failed passkey step: the server's passkey messages in the reader's language, the
 * browser's refusals (cancelled, timed out, a passkey already on this device) in words, and any
 * other failure as forms show it.
 */
export function passkeyErrorText(
  error: unknown,
  fieldNames: readonly string[],
  t: TFunction,
): string | null {
  if (error === null || error === undefined) return null;
  if (error instanceof ApiError && error.code === 'serverMessage') {
    const key = keyByEnglish.get(error.message);
    if (key) return t(`passkeys.serverMessages.${key}`);
  }
  if (error instanceof Error && !(error instanceof ApiError)) {
    const code = 'code' in error ? error.code : undefined;
    if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return t('passkeys.errors.onDevice');
    if (error.name === 'NotAllowedError' || error.name === 'AbortError') {
      return t('passkeys.errors.cancelled');
    }
    return t('passkeys.errors.device');
  }
  return formAlertText(error, fieldNames, t);
}
