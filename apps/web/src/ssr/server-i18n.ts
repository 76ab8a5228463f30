import i18next, { type i18n as I18n, type ResourceKey } from 'i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@pictura/contract';

/**
 * One i18next instance per language for the server render, made once with every translation
 * bundled: requests in different languages render side by side, so none may switch a shared
 * instance's language. Each render passes its own through `I18nextProvider`.
 */
const translations = import.meta.glob<ResourceKey>('../locales/*.json', {
  eager: true,
  import: 'default',
});

const translationOf = (locale: Locale): ResourceKey => {
  const resource = translations[`../locales/${locale}.json`];
  if (!resource) throw new Error(`no locale file for "${locale}"`);
  return resource;
};

function createInstance(locale: Locale): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: locale,
    supportedLngs: [...LOCALES],
    fallbackLng: DEFAULT_LOCALE,
    resources: Object.fromEntries(
      LOCALES.map((each) => [each, { translation: translationOf(each) }]),
    ),
    interpolation: { escapeValue: false }, // React escapes what it renders.
    react: { useSuspense: false },
    initAsync: false,
  });
  return instance;
}

const instances = new Map<Locale, I18n>(LOCALES.map((locale) => [locale, createInstance(locale)]));

export function serverI18n(locale: Locale): I18n {
  const instance = instances.get(locale);
  if (!instance) throw new Error(`no translations for "${locale}"`);
  return instance;
}
