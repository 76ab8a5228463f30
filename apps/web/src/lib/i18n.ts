import i18next, { type BackendModule, type i18n as I18n, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, isOneOf, LOCALES, type Locale } from '@pictura/contract';
import type en from '../locales/en.json';
import { localeDetector } from './locale-detector';
import { renderScope } from './render-scope';

/**
 * i18n (docs/product/screens.md#languages): en, es and ja; the language comes from the cookie, then
 * the browser, and is remembered in a cookie for a year. The address carries no locale prefix.
 */

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    // English is the reference: a key missing there is a type error in every `t` call.
    resources: { translation: typeof en };
  }
}

/** Loads one language's translations. */
export type LocaleLoader = () => Promise<ResourceKey>;

/**
 * The locale files are emitted as hashed JSON assets and fetched when a language is first needed.
 * Fetching (rather than a dynamic import) keeps a failed locale load apart from a failed code
 * chunk: Vite reports the latter as `vite:preloadError`, which makes release detection reload.
 */
const localeUrls: Record<string, string> = import.meta.glob<string>('../locales/*.json', {
  query: '?url',
  import: 'default',
  eager: true,
});

const bundledLocales: Record<string, LocaleLoader> = Object.fromEntries(
  Object.entries(localeUrls).map(([file, url]) => [
    file,
    async () => {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`HTTP ${response.status} for ${url}`);
      return (await response.json()) as ResourceKey;
    },
  ]),
);

/**
 * A backend over the locale loaders, keyed by file (`../locales/en.json`). A failed load (offline,
 * a file gone after a deploy) is only logged, as docs/product/browser.md#release-detection asks;
 * i18next then falls back to English.
 */
export function createLocaleBackend(loaders: Record<string, LocaleLoader>): BackendModule {
  return {
    type: 'backend',
    callbackApi: false,
    init: () => undefined,
    async read(language: string) {
      const load = loaders[`../locales/${language}.json`];
      try {
        if (!load) throw new Error(`no locale file for "${language}"`);
        return await load();
      } catch (error) {
        console.warn(`Could not load the "${language}" locale file`, error);
        throw error;
      }
    },
  };
}

export function isLocale(value: unknown): value is Locale {
  return isOneOf(LOCALES, value);
}

/** The language in use, narrowed to one of ours (i18next may report e.g. "en-US" before resolving). */
export function currentLocale(instance: I18n = i18next): Locale {
  const resolved = instance.resolvedLanguage ?? instance.language;
  return isLocale(resolved) ? resolved : DEFAULT_LOCALE;
}

/** The language of the page being rendered: the request's on the server, the app's in the browser. */
export function pageLocale(): Locale {
  const rendering = import.meta.env.SSR ? renderScope() : undefined;
  return rendering ? rendering.locale : currentLocale();
}

export interface InitI18nOptions {
  /** Forces a language (tests); otherwise the detector decides. */
  lng?: Locale;
  /**
   * The language the server rendered the page in (from the cookie, else Accept-Language): the
   * browser starts in it, so that hydration matches, and remembers it in the cookie.
   */
  rendered?: Locale;
  loaders?: Record<string, LocaleLoader>;
}

export async function initI18n(options: InitI18nOptions = {}): Promise<I18n> {
  const instance = i18next.use(createLocaleBackend(options.loaders ?? bundledLocales));
  if (!options.lng) instance.use(localeDetector);
  instance.use(initReactI18next);

  // <html lang> follows the language, for screen readers, hyphenation and font selection.
  instance.on('languageChanged', () => {
    if (typeof document !== 'undefined') document.documentElement.lang = currentLocale(instance);
  });

  await instance.init({
    lng: options.lng ?? options.rendered,
    supportedLngs: [...LOCALES],
    fallbackLng: DEFAULT_LOCALE,
    interpolation: { escapeValue: false }, // React escapes what it renders.
    // Translations are loaded before the first render and before a language switch completes.
    react: { useSuspense: false },
  });
  return instance;
}

export { i18next as i18n };
