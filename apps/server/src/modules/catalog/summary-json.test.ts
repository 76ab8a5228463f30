// The search's summaries written as JSON text directly against the objects the other catalog
// answers build and serialise through the contract schema: the same text, whatever the strings hold.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CURRENCIES, OfferSummarySchema, ORIENTATIONS, STYLES } from '@pictura/contract';
import { toSummary } from './service.js';
import { summaryParts, writeSummary, type SummaryPartsRow } from './summary-texts.js';

const anyText = fc.oneof(
  fc.string({ unit: 'binary' }),
  fc.constantFrom('', 'quote " and \\ back', 'line\nbreak\u2028', 'lone \ud800 half', '€ 日本'),
);

const rowArbitrary = fc.record({
  id: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
  urlName: anyText,
  title: anyText,
  style: fc.constantFrom(...STYLES),
  orientation: fc.constantFrom(...ORIENTATIONS),
  categoryName: anyText,
  createdAt: fc.date({
    min: new Date('2000-01-01'),
    max: new Date('2100-01-01'),
    noInvalidDate: true,
  }),
  priceEur: fc.integer({ min: 0, max: 1_000_000 }),
  priceUsd: fc.integer({ min: 0, max: 1_000_000 }),
  imageKey: fc.oneof(fc.stringMatching(/^[0-9a-f]{32}$/), anyText),
  width: fc.integer({ min: 1, max: 10_000 }),
  height: fc.integer({ min: 1, max: 10_000 }),
  placeholder: anyText,
});

describe('summaryParts and writeSummary', () => {
  it('writes what the contract schema serialises from toSummary, byte for byte, in each currency', () => {
    fc.assert(
      fc.property(rowArbitrary, fc.constantFrom(...CURRENCIES), (row, currency) => {
        const { priceEur, priceUsd, ...card } = row;
        const price = currency === 'EUR' ? priceEur : priceUsd;
        const expected = JSON.stringify(
          OfferSummarySchema.parse(toSummary({ ...card, price }, currency)),
        );
        const textRow: SummaryPartsRow = { ...row, createdAt: row.createdAt.toISOString() };
        const written: string[] = [];
        writeSummary(written, summaryParts(textRow), currency);
        expect(written.join('')).toBe(expected);
      }),
      { numRuns: 300 },
    );
  });
});
