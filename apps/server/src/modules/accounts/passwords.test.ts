import { describe, expect, it } from 'vitest';
import { personalWords } from '@pictura/contract';
import {
  createPasswordHasher,
  hashPassword,
  isStrongPassword,
  verifyPassword,
} from './passwords.js';

describe('password hashing', () => {
  it('uses argon2id with 19 MiB and 2 passes, salted, and verifies exactly', async () => {
    const first = await hashPassword(' pass phrase ');
    const second = await hashPassword(' pass phrase ');

    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(second).not.toBe(first);
    expect(await verifyPassword(first, ' pass phrase ')).toBe(true);
    expect(await verifyPassword(first, 'pass phrase')).toBe(false);
    expect(await verifyPassword('not a hash', 'x')).toBe(false);
    expect(await createPasswordHasher().verifyAgainstDummy('anything')).toBe(false);
  });

  it('hashes at the cost it is given, and any cost verifies', async () => {
    const cheap = createPasswordHasher({ memoryCost: 1_024, timeCost: 1, parallelism: 1 });
    const hashed = await cheap.hash('pass phrase');

    expect(hashed).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    expect(await verifyPassword(hashed, 'pass phrase')).toBe(true);
    expect(await cheap.verifyAgainstDummy('pass phrase')).toBe(false);
  });
});

describe('password strength', () => {
  it('refuses common, patterned and personal passwords and accepts strong ones', () => {
    const words = personalWords('marguerite@example.com');

    for (const weak of ['password123', 'qwertyuiop', 'aaaaaaaaaaaa', 'p@ssw0rd!', 'marguerite1']) {
      expect(isStrongPassword(weak, words)).toBe(false);
    }
    for (const strong of ['violet-Harbor-42-lantern', 'correct horse battery staple']) {
      expect(isStrongPassword(strong, words)).toBe(true);
    }
  });

  it('estimates a crafted 128-character password quickly', () => {
    const started = performance.now();

    isStrongPassword('4@3$1!0|7+'.repeat(13).slice(0, 128), []);

    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
