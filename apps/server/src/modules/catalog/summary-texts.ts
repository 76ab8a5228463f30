import { LRUCache } from 'lru-cache';
import type { Currency } from '@pictura/contract';
import { offerImageJson } from './images.js';
import type { SummaryRow } from './service.js';

/**
 * An offer summary's JSON text in both currencies, in parts: `head` up to the price's amount, the
 * amount, the currency, and `tail` (the image, with its previews). Everything but the price is the
 * same in EUR and USD, so one entry serves both.
 */
export interface SummaryParts {
  readonly id: number;
  readonly head: string;
  readonly price: Readonly<Record<Currency, number>>;
  readonly tail: string;
}

/** A summary's row with both cheapest prices and its creation time as ISO text (isoTimestamp). */
export type SummaryPartsRow = Omit<SummaryRow, 'createdAt' | 'price'> & {
  createdAt: string;
  priceEur: number;
  priceUsd: number;
};

const text = JSON.stringify;

/**
 * The parts of `JSON.stringify(toSummary(row, currency))`, written directly: the contract's keys in
 * the schema's order, each string escaped by JSON.stringify (summary-json.test.ts holds the two
 * equal). Joined into flat strings, not left as template literals: a template literal makes a rope
 * of some twenty strings, and tens of thousands of kept ropes made searches slower than no kept texts.
 */
export function summaryParts(row: SummaryPartsRow): SummaryParts {
  const head = [
    `{"id":${row.id},"urlName":`,
    text(row.urlName),
    ',"title":',
    text(row.title),
    ',"style":',
    text(row.style),
    ',"orientation":',
    text(row.orientation),
    ',"categoryName":',
    text(row.categoryName),
    ',"createdAt":',
    text(row.createdAt),
    ',"price":{"amount":',
  ].join('');
  return {
    id: row.id,
    head,
    price: { EUR: row.priceEur, USD: row.priceUsd },
    tail: ['},"image":', offerImageJson(row), '}'].join(''),
  };
}

const CURRENCY_TEXT: Readonly<Record<Currency, string>> = {
  EUR: `,"currency":${text('EUR')}`,
  USD: `,"currency":${text('USD')}`,
};

/** Appends the summary's text in `currency` to `out`, in pieces for one join of the whole answer. */
export function writeSummary(out: string[], parts: SummaryParts, currency: Currency): void {
  out.push(parts.head, String(parts.price[currency]), CURRENCY_TEXT[currency], parts.tail);
}

/**
 * The summaries' parts of the offers searches show most, by offer id, least recently shown out
 * first. A search reads only the offers it does not hold from the database. Every catalog change
 * clears them with the other catalog caches; a read that began before a clear is not kept, as it
 * may hold what the change replaced. The time to live bounds, as for the other catalog caches, what
 * a process that missed a change notice shows.
 */
export interface SummaryTexts {
  /** The parts of every id that `load` (given the ids not held) or the kept ones have. */
  read(
    ids: readonly number[],
    load: (missing: number[]) => Promise<SummaryParts[]>,
  ): Promise<Map<number, SummaryParts>>;
  clear(): void;
}

export function createSummaryTexts(options: { maxChars: number; ttlMs: number }): SummaryTexts {
  const kept = new LRUCache<number, SummaryParts>({
    maxSize: options.maxChars,
    ttl: options.ttlMs,
    sizeCalculation: (parts) => parts.head.length + parts.tail.length,
  });
  let generation = 0;
  return {
    async read(ids, load) {
      const found = new Map<number, SummaryParts>();
      const missing: number[] = [];
      for (const id of ids) {
        const parts = kept.get(id);
        if (parts) found.set(id, parts);
        else missing.push(id);
      }
      if (missing.length === 0) return found;
      const readIn = generation;
      for (const parts of await load(missing)) {
        found.set(parts.id, parts);
        if (readIn === generation) kept.set(parts.id, parts);
      }
      return found;
    },
    clear() {
      generation += 1;
      kept.clear();
    },
  };
}
