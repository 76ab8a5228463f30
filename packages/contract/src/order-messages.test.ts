import { describe, expect, it } from 'vitest';
import {
  formatGiftCardCode,
  GIFT_CARD_CODE_ALPHABET,
  GIFT_CARD_CODE_LENGTH,
  normalizeGiftCardCode,
} from './order-messages.js';

describe('gift card codes', () => {
  it('have 32 distinct characters without 0, O, 1 or I: at least 80 bits in 20 characters', () => {
    expect(new Set(GIFT_CARD_CODE_ALPHABET).size).toBe(32);
    expect(GIFT_CARD_CODE_ALPHABET).not.toMatch(/[01IO]/);
    expect(
      GIFT_CARD_CODE_LENGTH * Math.log2(GIFT_CARD_CODE_ALPHABET.length),
    ).toBeGreaterThanOrEqual(80);
  });

  it('are shown in groups of four and read back however they were typed', () => {
    const code = 'ABCDEFGHJKLMNPQRSTUV';
    expect(formatGiftCardCode(code)).toBe('ABCD-EFGH-JKLM-NPQR-STUV');
    expect(normalizeGiftCardCode(' abcd-efgh jklm--nPQR\tstuv ')).toBe(code);
  });
});
