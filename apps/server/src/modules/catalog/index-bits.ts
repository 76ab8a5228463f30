/**
 * Sets of places in one order of the search index (search-index.ts), one bit per place, 32 to a
 * word: a search ANDs the sets of its filters a word at a time, skips words with no candidate, and
 * counts whole words by their number of bits, instead of testing every place of a price range.
 */
export type Bits = Uint32Array;

const wordsFor = (size: number) => (size + 31) >>> 5;

/** One set per value: the places k where `values[k]` is that value. */
export function bitsByValue(values: Int32Array): Map<number, Bits> {
  const words = wordsFor(values.length);
  const sets = new Map<number, Bits>();
  // Values are few (categories, orientations, styles): a plain array by value when they are small.
  const small: (Bits | undefined)[] = [];
  for (let k = 0; k < values.length; k += 1) {
    const value = values[k]!;
    let set = value >= 0 && value < 4096 ? small[value] : sets.get(value);
    if (set === undefined) {
      set = new Uint32Array(words);
      sets.set(value, set);
      if (value >= 0 && value < 4096) small[value] = set;
    }
    set[k >>> 5]! |= 1 << (k & 31);
  }
  return sets;
}

/** The number of bits set in a 32-bit word. */
function bitCount(word: number): number {
  let x = word - ((word >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** What a scan found: the number of places that passed, and the ids of the page among them. */
export interface ScanResult {
  total: number;
  ids: number[];
}

export interface Scan {
  /** Every place must be in each of these sets (no set: every place is a candidate). */
  sets: readonly Bits[];
  /** Places start (included) to stop (excluded), start <= stop. */
  start: number;
  stop: number;
  /** Highest place first. */
  backwards: boolean;
  /** A further test of a candidate place; undefined passes every one. */
  accept: ((k: number) => boolean) | undefined;
  /** The id at each place. */
  ids: Int32Array;
  offset: number;
  limit: number;
  /** False: stop as soon as the page is full (the total is then not the whole count). */
  countAll: boolean;
}

/**
 * Visits the places of [start, stop) in every set that `accept` passes, in order: counts them and
 * takes the ids of the `limit` after the first `offset`.
 */
export function scan(options: Scan): ScanResult {
  const { sets, start, stop, backwards, accept, ids, offset, limit, countAll } = options;
  const end = offset + limit;
  const page: number[] = [];
  let total = 0;
  if (start >= stop) return { total, ids: page };
  const first = start >>> 5;
  const last = (stop - 1) >>> 5;
  const step = backwards ? -1 : 1;
  for (let w = backwards ? last : first; w !== (backwards ? first - 1 : last + 1); w += step) {
    // The places of [start, stop) in this word, then those in every set.
    let word =
      (w === first ? -1 << (start & 31) : -1) & (w === last ? -1 >>> (31 - ((stop - 1) & 31)) : -1);
    for (let s = 0; s < sets.length && word !== 0; s += 1) word &= sets[s]![w]!;
    if (word === 0) continue;
    if (accept === undefined) {
      const count = bitCount(word);
      // Wholly before the page, or after it while only counting: no need to look at each place.
      if (total + count <= offset || total >= end) {
        total += count;
        continue;
      }
    }
    const base = w << 5;
    while (word !== 0) {
      // The lowest set bit going forwards, the highest going backwards.
      const bit = backwards ? 31 - Math.clz32(word) : 31 - Math.clz32(word & -word);
      word &= ~(1 << bit);
      const k = base + bit;
      if (accept !== undefined && !accept(k)) continue;
      if (total >= offset && total < end) page.push(ids[k]!);
      total += 1;
      if (!countAll && total >= end) return { total, ids: page };
    }
  }
  return { total, ids: page };
}
