import { describe, expect, it } from 'vitest';
import { RESET_CODE_ALPHABET, RESET_CODE_LENGTH } from '@pictura/contract';
import { generateResetCode, hashResetCode } from './reset-codes.js';

describe('reset codes', () => {
  it('are 10 characters without look-alikes, and differ every time', () => {
    const codes = Array.from({ length: 200 }, generateResetCode);

    expect(RESET_CODE_LENGTH).toBeGreaterThanOrEqual(8);
    expect(RESET_CODE_ALPHABET).not.toMatch(/[01ILO]/);
    for (const code of codes) expect(code).toMatch(new RegExp(`^[${RESET_CODE_ALPHABET}]{10}$`));
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('are stored as a keyed hash: same code and key, same hash; another key, another hash', () => {
    const key = new Uint8Array(32).fill(1);

    expect(hashResetCode(key, 'ABCD234567')).toBe(hashResetCode(key, 'ABCD234567'));
    expect(hashResetCode(key, 'ABCD234567')).toMatch(/^[0-9a-f]{64}$/);
    expect(hashResetCode(new Uint8Array(32).fill(2), 'ABCD234567')).not.toBe(
      hashResetCode(key, 'ABCD234567'),
    );
  });
});
