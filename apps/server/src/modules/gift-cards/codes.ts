import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import {
  GIFT_CARD_CODE_ALPHABET,
  GIFT_CARD_CODE_GROUP,
  GIFT_CARD_CODE_LENGTH,
} from '@pictura/contract';
import { deriveKey } from '../../infra/secret.js';

/** The keys behind gift card codes, each derived from the data key (modules/keys) for this one use. */
export interface GiftCardKeys {
  /** HMAC key: the database holds only the code's hash, which is what redemption looks up. */
  readonly hash: Uint8Array;
  /** AES-256-GCM key: the code is kept encrypted until its buyer has seen it once. */
  readonly encryption: Uint8Array;
}

export function giftCardKeys(dataKey: string): GiftCardKeys {
  return {
    hash: deriveKey(dataKey, 'gift-card-hash'),
    encryption: deriveKey(dataKey, 'gift-card-code'),
  };
}

/**
 * GIFT_CARD_CODE_LENGTH characters, each from 5 random bits (100 bits in all). 256 is a multiple
 * of the alphabet's 32, so taking a byte modulo 32 is uniform.
 */
export function generateGiftCardCode(): string {
  let code = '';
  for (const byte of randomBytes(GIFT_CARD_CODE_LENGTH)) {
    code += GIFT_CARD_CODE_ALPHABET[byte % GIFT_CARD_CODE_ALPHABET.length];
  }
  return code;
}

/** Whether a normalised code can be one of ours; anything else is wrong without a lookup. */
export function isWellFormedGiftCardCode(code: string): boolean {
  return (
    code.length === GIFT_CARD_CODE_LENGTH &&
    [...code].every((char) => GIFT_CARD_CODE_ALPHABET.includes(char))
  );
}

export function hashGiftCardCode(keys: GiftCardKeys, code: string): string {
  return createHmac('sha256', keys.hash).update(code).digest('hex');
}

/** The last group: enough for the buyer to tell cards apart once the code is no longer shown. */
export const giftCardCodeHint = (code: string): string => code.slice(-GIFT_CARD_CODE_GROUP);

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * `iv | tag | ciphertext` in base64url. The code's hash is authenticated with it, so a sealed code
 * copied onto another card's row does not open.
 */
export function encryptGiftCardCode(keys: GiftCardKeys, codeHash: string, code: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keys.encryption, iv);
  cipher.setAAD(Buffer.from(codeHash));
  const ciphertext = Buffer.concat([cipher.update(code, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url');
}

/** The code, or null when the sealed value was not made for this hash with this key. */
export function decryptGiftCardCode(
  keys: GiftCardKeys,
  codeHash: string,
  sealed: string,
): string | null {
  const bytes = Buffer.from(sealed, 'base64url');
  if (bytes.length <= IV_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keys.encryption, bytes.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(codeHash));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([
      decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    return null;
  }
}
