import { describe, expect, it } from 'vitest';
import { likelyLocale } from './spa-preload.js';

describe('the likely language', () => {
  it('is the cookie first, then the first supported browser language, then English', () => {
    expect(likelyLocale('a=1; i18next=ja', 'es')).toBe('ja');
    expect(likelyLocale('i18next=fr', 'fr-FR, es-MX;q=0.8, en;q=0.5')).toBe('es');
    expect(likelyLocale(undefined, 'EN-gb')).toBe('en');
    expect(likelyLocale(undefined, 'de')).toBe('en');
    expect(likelyLocale(undefined, 'fr-FR,es-MX;q=0.9,en;q=0.8')).toBe('es');
    expect(likelyLocale(undefined, undefined)).toBe('en');
  });
});
