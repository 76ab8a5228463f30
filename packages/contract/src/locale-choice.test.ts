import { describe, expect, it } from 'vitest';
import { chooseLocale } from './locale-choice.js';

describe('the language chosen from the visitor’s choices (docs/product/screens.md)', () => {
  it('is the first choice the shop has, a regional variant counting as its language', () => {
    expect(chooseLocale(['ja', 'es'])).toBe('ja');
    // The first supported one, not the first exact one: Spanish (Mexico) comes before English.
    expect(chooseLocale(['fr-FR', 'es-MX', 'en'])).toBe('es');
    expect(chooseLocale([' EN-gb '])).toBe('en');
  });

  it('skips what the shop does not have, and falls back to English', () => {
    expect(chooseLocale([undefined, 'fr', '', 'ja-JP'])).toBe('ja');
    expect(chooseLocale(['de-DE', 'fr'])).toBe('en');
    expect(chooseLocale([])).toBe('en');
  });
});
