import type { LanguageDetectorModule } from 'i18next';
import { chooseLocale, LOCALE_COOKIE } from '@pictura/contract';

/**
 * The language rules of docs/product/screens.md#languages as an i18next detector: the locale
 * cookie, then the browser's languages, best first, chosen as the server chooses (`chooseLocale`:
 * the first the shop has, `es-MX` counting as `es`, else English). i18next's own pick from a list
 * would take a later exact match over an earlier regional one (`en` over `es-MX`). The language in
 * use is remembered in the cookie for a year. It replaces i18next-browser-languagedetector, whose
 * other sources (query, storage, path, …) the shop never used
 * (docs/decisions/performance/README.md).
 */
export const localeDetector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect() {
    const prefix = `${LOCALE_COOKIE.name}=`;
    const cookie = document.cookie
      .split(';')
      .map((part) => part.trim())
      .find((part) => part.startsWith(prefix))
      ?.slice(prefix.length);
    const browser = navigator.languages.length > 0 ? navigator.languages : [navigator.language];
    return chooseLocale([cookie, ...browser]);
  },
  cacheUserLanguage(language) {
    const expires = new Date(Date.now() + LOCALE_COOKIE.maxAgeDays * 86_400_000);
    document.cookie =
      `${LOCALE_COOKIE.name}=${encodeURIComponent(language)}; Path=${LOCALE_COOKIE.path}; ` +
      `Expires=${expires.toUTCString()}; SameSite=${LOCALE_COOKIE.sameSite}`;
  },
};
