import { DEFAULT_LOCALE, isOneOf, LOCALES, type Locale } from './enums.js';

/**
 * The language (docs/product/screens.md#languages) from the visitor's choices, best first: the
 * locale cookie, then the browser's languages (as `navigator.languages` or `Accept-Language` list
 * them). The first choice that names a language the shop has, by itself or as its base (`es-MX` is
 * Spanish), wins; else English. The server (for a page it renders) and the browser (for a page it
 * draws itself) both choose with it, so that they always agree.
 */
export function chooseLocale(choices: Iterable<string | undefined>): Locale {
  for (const choice of choices) {
    const tag = choice?.trim().toLowerCase() ?? '';
    const base = tag.split('-')[0] ?? '';
    if (isOneOf(LOCALES, tag)) return tag;
    if (isOneOf(LOCALES, base)) return base;
  }
  return DEFAULT_LOCALE;
}
