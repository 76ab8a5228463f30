import { createHmac, randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT, RESET_CODE_ALPHABET } from '@pictura/contract';

const GROUP_LENGTH = 5;

/**
 * RECOVERY_CODE_COUNT codes of two groups of five characters from the unambiguous alphabet of the
 * reset codes (about 50 bits each), shown as `ABCDE-FGHJK`.
 */
export function generateRecoveryCodes(): string[] {
  const group = () =>
    Array.from(
      { length: GROUP_LENGTH },
      () => RESET_CODE_ALPHABET[randomInt(RESET_CODE_ALPHABET.length)],
    ).join('');
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => `${group()}-${group()}`);
}

/** As typed, in any case and with or without the dash or spaces. */
export const normalizeRecoveryCode = (typed: string): string =>
  typed.toUpperCase().replace(/[^0-9A-Z]/g, '');

/**
 * HMAC-SHA-256 of the user id and the code: the same code of two users hashes differently, so with
 * the key in hand one sweep of the code space no longer uncovers every user's codes at once.
 */
export function hashRecoveryCode(key: Uint8Array, userId: string, code: string): string {
  return createHmac('sha256', key)
    .update(`${userId}:${normalizeRecoveryCode(code)}`)
    .digest('hex');
}

/**
 * The hashes a typed code may be stored under: bound to the user, or as codes made before binding
 * were (the code alone), which stay usable until spent or replaced.
 */
export const recoveryCodeHashes = (key: Uint8Array, userId: string, code: string): string[] => [
  hashRecoveryCode(key, userId, code),
  createHmac('sha256', key).update(normalizeRecoveryCode(code)).digest('hex'),
];
