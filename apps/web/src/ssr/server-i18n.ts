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

/**
 * What a render is given: an object with no properties of its own whose prototype is the
 * language's instance, so it reads and calls everything there (i18next binds its methods to the
 * instance). react-i18next's `useTranslation` copies every own property of the object it is given
 * into a new one for each component that calls it; an i18next instance has some 40, which made
 * that copy about a tenth of a page's render (docs/decisions/performance.md, "What a
 * server-rendered page costs").
 */
const instances = new Map<Locale, I18n>(
  LOCALES.map((locale) => [locale, Object.create(createInstance(locale)) as I18n]),
);

export function serverI18n(locale: Locale): I18n {
  const instance = instances.get(locale);
  if (!instance) throw new Error(`no translations for "${locale}"`);
  return instance;
}
