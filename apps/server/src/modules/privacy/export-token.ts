import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The secret part of an export's download link: an HMAC of its id under a key derived for
 * `data-export`. Nothing is stored, so the owner's page and the mail can show the same link, and a
 * guessed or altered link matches nothing.
 */
export const exportToken = (key: Uint8Array, exportId: string): string =>
  createHmac('sha256', key).update(exportId).digest('base64url');

export function isExportToken(key: Uint8Array, exportId: string, token: string): boolean {
  const expected = Buffer.from(exportToken(key, exportId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
