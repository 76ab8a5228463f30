import { createHmac, timingSafeEqual } from 'node:crypto';

// `<base64url JSON>.<base64url HMAC-SHA256>`; the payload part is bounded so that a huge query
// string is refused before any hashing.
const TOKEN_PATTERN = /^([A-Za-z0-9_-]{1,8000})\.([A-Za-z0-9_-]{43})$/;

// The kind is signed with the payload: a token sealed for one purpose is refused for another even
// under the same key (a sandbox session is not a webhook delivery).
const mac = (kind: string, body: string, key: Uint8Array): string =>
  createHmac('sha256', key).update(`${kind}.${body}`).digest('base64url');

/** A compact, URL-safe token carrying `payload` that only the holder of `key` can have made. */
export function sealToken(kind: string, payload: unknown, key: Uint8Array): string {
  const body = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
  return `${body}.${mac(kind, body, key)}`;
}

/**
 * The payload of a token sealed with `key` for `kind`, or undefined when it was not (tampered,
 * another key or kind, malformed). The payload is still untyped: parse it with a schema.
 */
export function openToken(kind: string, token: string, key: Uint8Array): unknown {
  const match = TOKEN_PATTERN.exec(token);
  if (!match) return undefined;
  const [, body = '', signature = ''] = match;
  // Compared as text, not as decoded bytes: base64url ignores the last character's low bits, so
  // decoding would let several spellings of one signature through.
  const expected = Buffer.from(mac(kind, body, key));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}
