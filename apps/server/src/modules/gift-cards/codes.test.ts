import { describe, expect, it } from 'vitest';
import { GIFT_CARD_CODE_ALPHABET, GIFT_CARD_CODE_LENGTH } from '@pictura/contract';
import {
  decryptGiftCardCode,
  encryptGiftCardCode,
  generateGiftCardCode,
  giftCardCodeHint,
  giftCardKeys,
  hashGiftCardCode,
  isWellFormedGiftCardCode,
} from './codes.js';

const keys = giftCardKeys('a-test-secret-of-at-least-thirty-two-characters');
const otherKeys = giftCardKeys('another-secret-of-at-least-thirty-two-characters');

describe('gift card codes', () => {
  it('are 20 characters of the alphabet, drawn afresh each time', () => {
    const codes = Array.from({ length: 200 }, generateGiftCardCode);

    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) {
      expect(code).toHaveLength(GIFT_CARD_CODE_LENGTH);
      expect(isWellFormedGiftCardCode(code)).toBe(true);
    }
    // Every character of the alphabet turns up: the draw covers all 32.
    expect(new Set(codes.join('')).size).toBe(GIFT_CARD_CODE_ALPHABET.length);
  });

  it('refuses what cannot be a code without a lookup', () => {
    expect(isWellFormedGiftCardCode('ABCD')).toBe(false);
    expect(isWellFormedGiftCardCode('0BCDEFGHJKLMNPQRSTUV')).toBe(false);
    expect(isWellFormedGiftCardCode('abcdefghjklmnpqrstuv')).toBe(false);
  });

  it('are stored as a keyed hash and a hint of the last group', () => {
    const code = generateGiftCardCode();

    expect(hashGiftCardCode(keys, code)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashGiftCardCode(keys, code)).toBe(hashGiftCardCode(keys, code));
    expect(hashGiftCardCode(otherKeys, code)).not.toBe(hashGiftCardCode(keys, code));
    expect(giftCardCodeHint(code)).toBe(code.slice(16));
  });

  it('open only with the key and the hash they were sealed for', () => {
    const code = generateGiftCardCode();
    const hash = hashGiftCardCode(keys, code);
    const sealed = encryptGiftCardCode(keys, hash, code);

    expect(sealed).not.toContain(code);
    expect(decryptGiftCardCode(keys, hash, sealed)).toBe(code);
    expect(decryptGiftCardCode(otherKeys, hash, sealed)).toBeNull();
    expect(decryptGiftCardCode(keys, hashGiftCardCode(keys, 'X'), sealed)).toBeNull();
    expect(decryptGiftCardCode(keys, hash, `${sealed.slice(0, -2)}AA`)).toBeNull();
    expect(decryptGiftCardCode(keys, hash, 'short')).toBeNull();
  });
});
