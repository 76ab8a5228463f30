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
 * that copy about a tenth of a page's render
 * (docs/decisions/performance/what-a-server-rendered-page-costs.md).
 */
const instances = new Map<Locale, I18n>(
  LOCALES.map((locale) => {
    const instance = createInstance(locale);
    const view = Object.create(instance) as I18n;
    view.getFixedT = rememberingFixedT(instance);
    return [locale, view];
  }),
);

type GetFixedT = (...args: unknown[]) => (...args: unknown[]) => unknown;

/** Answers one `t` remembers at most; past it, it starts again (a few hundred kB at most). */
const MAX_ANSWERS = 2_000;

/**
 * What a call of `t` is remembered by: its key alone, or its key with one object of plain values
 * (strings, numbers, booleans: a count, a title to put in), whose answer these decide alone.
 * Anything else (a default given as text, a function, nested objects) is not remembered.
 */
function answerId(key: unknown, options: readonly unknown[]): string | undefined {
  if (typeof key !== 'string') return undefined;
  if (options.length === 0) return key;
  const [values] = options;
  if (options.length > 1 || typeof values !== 'object' || values === null) return undefined;
  if (Object.getPrototypeOf(values) !== Object.prototype) return undefined;
  const plain = Object.values(values).every((value) =>
    ['string', 'number', 'boolean'].includes(typeof value),
  );
  return plain ? JSON.stringify([key, values]) : undefined;
}

/**
 * The instance's `getFixedT`, whose `t` functions remember what they answered to a key alone or
 * with plain values to put in (`answerId`). i18next copies its whole options object for every call
 * of `t`, which made translating a tenth of a page's render; a server instance's language and
 * texts never change, so neither does its answer to the same key and values. One `t` per language,
 * namespace and key prefix, made on first use: the keys are the app's own, a bounded set.
 */
function rememberingFixedT(instance: I18n): I18n['getFixedT'] {
  const original = instance.getFixedT.bind(instance) as unknown as GetFixedT;
  const made = new Map<string, (...args: unknown[]) => unknown>();
  const getFixedT: GetFixedT = (lng, ns, keyPrefix, ...rest) => {
    const t = original(lng, ns, keyPrefix, ...rest);
    // A key prefix given as a function (a selector) is not a stable key: such a `t` is left as is.
    if (typeof keyPrefix === 'function') return t;
    const id = JSON.stringify([lng, ns, keyPrefix ?? null]);
    const known = made.get(id);
    if (known) return known;
    const answers = new Map<string, unknown>();
    const remembering = Object.assign((key: unknown, ...options: unknown[]) => {
      const id = answerId(key, options);
      if (id === undefined) return t(key, ...options);
      if (!answers.has(id)) {
        // Values put in make this map grow with the catalog (a picture's title): bounded.
        if (answers.size >= MAX_ANSWERS) answers.clear();
        answers.set(id, t(key, ...options));
      }
      return answers.get(id);
    }, t);
    made.set(id, remembering);
    return remembering;
  };
  return getFixedT as unknown as I18n['getFixedT'];
}

export function serverI18n(locale: Locale): I18n {
  const instance = instances.get(locale);
  if (!instance) throw new Error(`no translations for "${locale}"`);
  return instance;
}
