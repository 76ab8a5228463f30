import { describe, expect, it } from 'vitest';
import { hashRecoveryCode, recoveryCodeHashes } from './recovery-codes.js';

const key = new Uint8Array(32).fill(7);
const alice = '6f1c1a52-7d1e-4a8e-9a53-0c2b7e1d2a01';
const bob = '0b8e2f5c-3c44-4d3f-8a8e-6b0c5f0e9e02';

describe('recovery-code hashes', () => {
  it('differ between two users for the same code, and ignore case and dashes', () => {
    expect(hashRecoveryCode(key, alice, 'ABCDE-FGHJK')).not.toBe(
      hashRecoveryCode(key, bob, 'ABCDE-FGHJK'),
    );
    expect(hashRecoveryCode(key, alice, 'abcde fghjk')).toBe(
      hashRecoveryCode(key, alice, 'ABCDE-FGHJK'),
    );
  });

  it('are looked up bound to the user, or as codes from before binding were stored', () => {
    const [bound, unbound] = recoveryCodeHashes(key, alice, 'ABCDE-FGHJK');
    expect(bound).toBe(hashRecoveryCode(key, alice, 'ABCDE-FGHJK'));
    expect(unbound).toBe(recoveryCodeHashes(key, bob, 'ABCDE-FGHJK')[1]);
  });
});
