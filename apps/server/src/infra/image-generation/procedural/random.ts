import { createHash } from 'node:crypto';

/** A seeded pseudo-random source: the same seed gives the same sequence on every machine. */
export interface Random {
  /** A number in [0, 1). */
  next(): number;
  /** A number in [min, max). */
  range(min: number, max: number): number;
  /** A whole number in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
}

/**
 * sfc32 (Chris Doty-Humphrey's Small Fast Counting generator), seeded with the first 128 bits of a
 * SHA-256 of the parts. Math.random cannot be seeded; sfc32 is small, fast and statistically sound
 * for pictures, and 32-bit integer arithmetic makes it exact in JavaScript.
 */
export function createRandom(...parts: readonly (string | number)[]): Random {
  const digest = createHash('sha256').update(JSON.stringify(parts)).digest();
  let a = digest.readUInt32LE(0);
  let b = digest.readUInt32LE(4);
  let c = digest.readUInt32LE(8);
  let d = digest.readUInt32LE(12);

  const next = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4_294_967_296;
  };
  // The first outputs still echo the seed words; discard them.
  for (let i = 0; i < 12; i += 1) next();

  const random: Random = {
    next,
    range: (min, max) => min + next() * (max - min),
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick<T>(items: readonly T[]): T {
      if (items.length === 0) throw new RangeError('pick from an empty list');
      return items[Math.floor(next() * items.length)] as T;
    },
    chance: (probability) => next() < probability,
  };
  return random;
}
