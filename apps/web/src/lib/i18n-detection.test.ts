// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { ResourceKey } from 'i18next';
import { initI18n } from './i18n';

const loaders = import.meta.glob<ResourceKey>('../locales/*.json', { import: 'default' });

/** Records every cookie written, attributes included, which document.cookie cannot read back. */
function recordCookieWrites(initial: string): string[] {
  const writes: string[] = [];
  let jar = initial;
  Object.defineProperty(document, 'cookie', {
    configurable: true,
    get: () => jar,
    set: (value: string) => {
      writes.push(value);
      jar = value.split(';')[0] ?? '';
    },
  });
  return writes;
}

describe('language detection and the locale cookie (docs/product/screens.md#languages)', () => {
  it('takes the language from the cookie first, and remembers a change for 365 days', async () => {
    const writes = recordCookieWrites('i18next=ja');
    Object.defineProperty(navigator, 'languages', { configurable: true, value: ['es-ES', 'es'] });

    const i18n = await initI18n({ loaders });
    expect(i18n.resolvedLanguage).toBe('ja');
    expect(document.documentElement.lang).toBe('ja');

    const before = Date.now();
    await i18n.changeLanguage('es');
    const cookie = writes.at(-1) ?? '';
    expect(cookie).toMatch(/^i18next=es;/);
    expect(cookie).toContain('Path=/');
    expect(cookie).toMatch(/; SameSite=Lax/i);
    const expires = Date.parse(/Expires=([^;]+)/.exec(cookie)?.[1] ?? '');
    const days = (expires - before) / 86_400_000;
    expect(days).toBeGreaterThan(364.9);
    expect(days).toBeLessThan(365.1);
    expect(document.documentElement.lang).toBe('es');

    // Without a cookie the browser's languages decide, reduced to a supported one.
    recordCookieWrites('');
    expect(i18n.services.languageDetector.detect()).toBe('es');
  });
});
