import { describe, expect, it } from 'vitest';
import {
  CURRENCY_COOKIE,
  LOCALE_COOKIE,
  LOCALES,
  RELEASE_RELOAD_MARKER_KEY,
  staticPaths,
  STORAGE_KEYS,
} from '@pictura/contract';
import { COOKIE_CONSENT_STORAGE_KEY } from '../../../lib/cookie-consent';
import en from './en';
import es from './es';
import ja from './ja';
import type { LegalBlock, LegalDocument, LegalDocumentKind } from './types';

const texts = { en, es, ja };
const kinds: LegalDocumentKind[] = ['privacy', 'terms'];

const ids = (document: LegalDocument) => document.sections.map((section) => section.id);
const strings = (block: LegalBlock): string[] =>
  typeof block === 'string'
    ? [block]
    : 'list' in block
      ? [...block.list]
      : [block.table.caption, ...block.table.head, ...block.table.rows.flat()];
const allText = (document: LegalDocument) =>
  document.sections.flatMap((section) => [section.heading, ...section.blocks.flatMap(strings)]);

describe('legal texts', () => {
  it('exist in every language with the same sections in the same order', () => {
    expect(Object.keys(texts).sort()).toEqual([...LOCALES].sort());
    for (const kind of kinds) {
      for (const locale of LOCALES) {
        expect(ids(texts[locale][kind]), `${locale} ${kind}`).toEqual(ids(en[kind]));
        for (const text of allText(texts[locale][kind])) expect(text.trim()).not.toBe('');
      }
    }
  });

  it('cover the data kept, payments, cookies, rights, refunds, licences and generation', () => {
    expect(ids(en.privacy)).toEqual(
      expect.arrayContaining([
        'data-we-keep',
        'payments',
        'gift-cards',
        'images',
        'support',
        'cookies',
        'retention',
        'rights',
        'contact',
      ]),
    );
    expect(ids(en.terms)).toEqual(
      expect.arrayContaining([
        'prices',
        'balance',
        'gift-cards',
        'refunds',
        'licences',
        'generation',
        'contact',
      ]),
    );
  });

  it('link only to pages of the shop and to sections that exist', () => {
    for (const locale of LOCALES) {
      for (const kind of kinds) {
        for (const text of allText(texts[locale][kind])) {
          for (const [, , target = ''] of text.matchAll(/\[([^\]]+)\]\(([^)]*)\)/g)) {
            const [path = '', anchor] = target.split('#');
            expect(staticPaths, `${locale}: ${target}`).toContain(path);
            if (anchor) expect(ids(en.privacy)).toContain(anchor);
          }
        }
      }
    }
  });

  it('name every cookie and storage key the shop keeps without consent, in every language', () => {
    const necessary = [
      LOCALE_COOKIE.name,
      // The currency is kept in local storage and mirrored in a cookie: both are listed.
      CURRENCY_COOKIE.name,
      ...Object.values(STORAGE_KEYS),
      'paymentLink',
      'lastDeposit',
      // The Idempotency-Key of the payment attempt under way (features/checkout/payment-attempts.ts).
      'paymentAttempt',
      // React Router's ScrollRestoration: where each page was scrolled to, for going back.
      'react-router-scroll-positions',
      RELEASE_RELOAD_MARKER_KEY,
      COOKIE_CONSENT_STORAGE_KEY,
    ];
    for (const locale of LOCALES) {
      const cookies = texts[locale].privacy.sections.find((section) => section.id === 'cookies');
      const table = cookies?.blocks.find((block) => typeof block === 'object' && 'table' in block);
      const named = table && 'table' in table ? table.table.rows.map((row) => row[0]) : [];
      const keys = named.flatMap((cell = '') => cell.split(', '));
      expect(keys.sort(), locale).toEqual([...necessary].sort());
      if (table && 'table' in table) {
        for (const row of table.table.rows) expect(row).toHaveLength(table.table.head.length);
      }
    }
  });
});
