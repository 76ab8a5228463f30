// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import type { ResourceKey } from 'i18next';
import { initI18n } from './i18n';

const loaders = import.meta.glob<ResourceKey>('../locales/*.json', { import: 'default' });

/** A browser with this cookie jar and these languages, recording every cookie written. */
function browser(cookie: string, languages: readonly string[], language = languages[0] ?? '') {
  const writes: string[] = [];
  Object.defineProperty(document, 'cookie', {
    configurable: true,
    get: () => cookie,
    set: (value: string) => writes.push(value),
  });
  Object.defineProperty(navigator, 'languages', { configurable: true, value: languages });
  Object.defineProperty(navigator, 'language', { configurable: true, value: language });
  return writes;
}

afterEach(() => {
  // Each test starts i18next afresh, as a new page load does.
  Reflect.deleteProperty(document, 'cookie');
});

async function languageOnLoad(): Promise<string | undefined> {
  const i18n = await initI18n({ loaders });
  return i18n.resolvedLanguage;
}

describe('the language on first load (docs/product/screens.md#languages)', () => {
  it('is the cookie, among other cookies, before the browser languages', async () => {
    browser('currency=USD; i18next=ja; other=1', ['es-ES', 'es']);
    expect(await languageOnLoad()).toBe('ja');
  });

  it("is the browser's first supported language, a regional variant counting as its language", async () => {
    const writes = browser('currency=EUR', ['fr-FR', 'es-MX']);
    expect(await languageOnLoad()).toBe('es');
    // The language found is remembered.
    expect(writes.at(-1)).toMatch(/^i18next=es; /);
  });

  it('takes an earlier regional language over a later exact one, as the server does', async () => {
    browser('', ['fr-FR', 'es-MX', 'en']);
    expect(await languageOnLoad()).toBe('es');
  });

  it('skips a cookie naming a language the shop does not have', async () => {
    browser('i18next=fr', ['ja-JP']);
    expect(await languageOnLoad()).toBe('ja');
  });

  it('falls back to navigator.language, then English', async () => {
    browser('', [], 'es');
    expect(await languageOnLoad()).toBe('es');
    browser('', ['de-DE', 'fr']);
    expect(await languageOnLoad()).toBe('en');
  });
});
