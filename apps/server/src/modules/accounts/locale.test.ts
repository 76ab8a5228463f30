import { describe, expect, it } from 'vitest';
import { requestLocale } from './locale.js';

describe('requestLocale', () => {
  it('takes the language chosen on the site (i18next cookie) first', () => {
    expect(requestLocale({ cookie: 'theme=dark; i18next=ja', 'accept-language': 'es' })).toBe('ja');
    expect(requestLocale({ cookie: 'i18next=es-ES' })).toBe('es');
  });

  it("falls back to the browser's most wanted supported language", () => {
    expect(requestLocale({ 'accept-language': 'fr-CH, fr;q=0.9, ja;q=0.8, es;q=0.85' })).toBe('es');
    expect(requestLocale({ cookie: 'i18next=de', 'accept-language': 'ja-JP' })).toBe('ja');
    expect(requestLocale({ 'accept-language': 'es;q=0, en;q=0.1' })).toBe('en');
  });

  it('is English when nothing usable is given', () => {
    expect(requestLocale({})).toBe('en');
    expect(requestLocale({ cookie: 'i18next=%E0%A4%A', 'accept-language': '*, de' })).toBe('en');
  });
});
