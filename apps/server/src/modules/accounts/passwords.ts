import { randomBytes } from 'node:crypto';
import { hash as argon2Hash, verify } from '@node-rs/argon2';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as zxcvbnCommon from '@zxcvbn-ts/language-common';
import * as zxcvbnEn from '@zxcvbn-ts/language-en';
import { PASSWORD_MIN_SCORE, PASSWORD_STRENGTH_OPTIONS } from '@pictura/contract';

/**
 * argon2id (the library's default algorithm) with OWASP's first recommended setting: 19 MiB,
 * 2 iterations, 1 lane (ASVS 5.0 section 11.4).
 */
export const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** argon2's cost: memory in KiB, passes and lanes. */
export interface Argon2Cost {
  readonly memoryCost: number;
  readonly timeCost: number;
  readonly parallelism: number;
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /**
   * Checks a password against a hash of nothing anyone knows: login spends the same argon2 work for
   * an unknown email as for a known one, so timing does not reveal which emails have accounts.
   */
  verifyAgainstDummy(password: string): Promise<false>;
}

/**
 * Hashes at `cost`, which is ARGON2_OPTIONS everywhere but in tests: no configuration changes it,
 * only the code that builds the app (apps/server/src/test/app.ts lowers it to save CPU).
 */
export function createPasswordHasher(cost: Argon2Cost = ARGON2_OPTIONS): PasswordHasher {
  const hash = (password: string) => argon2Hash(password, { ...cost });
  let dummyHash: Promise<string> | undefined;
  return {
    hash,
    async verifyAgainstDummy(password) {
      dummyHash ??= hash(randomBytes(16).toString('hex'));
      await verifyPassword(await dummyHash, password);
      return false;
    },
  };
}

const productionHasher = createPasswordHasher();

/** At the production cost (ARGON2_OPTIONS): for the admin command line. */
export const hashPassword = (password: string): Promise<string> => productionHasher.hash(password);

/** False for a wrong password and for a stored hash that cannot be read; the hash names its cost. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let estimator: ZxcvbnFactory | undefined;

// The dictionaries take a few hundred milliseconds to load: only when a password is first checked.
const zxcvbn = (): ZxcvbnFactory =>
  (estimator ??= new ZxcvbnFactory({
    ...PASSWORD_STRENGTH_OPTIONS,
    dictionary: { ...zxcvbnCommon.dictionary, ...zxcvbnEn.dictionary },
    graphs: zxcvbnCommon.adjacencyGraphs,
    translations: zxcvbnEn.translations,
  }));

/** zxcvbn's estimate (common passwords, words, names, keyboard patterns, the user's own words). */
export function isStrongPassword(password: string, userWords: readonly string[]): boolean {
  return zxcvbn().check(password, [...userWords]).score >= PASSWORD_MIN_SCORE;
}
