import { DEFAULT_LOCALE, LOCALE_COOKIE, LocaleSchema, type Locale } from '@pictura/contract';

/** A supported locale from a language tag (`es-MX` → `es`), or undefined. */
function supportedLocale(tag: string): Locale | undefined {
  const language = tag.trim().split(/[-_]/, 1)[0]?.toLowerCase() ?? '';
  const parsed = LocaleSchema.safeParse(language);
  return parsed.success ? parsed.data : undefined;
}

function cookieValue(cookieHeader: string, name: string): string | undefined {
  for (const pair of cookieHeader.split(';')) {
    const separator = pair.indexOf('=');
    if (separator > 0 && pair.slice(0, separator).trim() === name) {
      try {
        return decodeURIComponent(pair.slice(separator + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** Accept-Language's tags, most wanted first (`q=0` means "not this one"). */
function acceptedTags(header: string): string[] {
  return header
    .split(',')
    .map((entry, position) => {
      const [tag = '', ...params] = entry.split(';');
      const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { tag: tag.trim(), quality: q === undefined ? 1 : Number(q), position };
    })
    .filter(({ tag, quality }) => tag !== '' && tag !== '*' && quality > 0)
    .sort((a, b) => b.quality - a.quality || a.position - b.position)
    .map(({ tag }) => tag);
}

/**
 * The language a new user's mails go out in: the one chosen on the site (the `i18next` cookie of
 * docs/product/screens.md#languages), else the browser's preference, else English.
 */
export function requestLocale(headers: {
  cookie?: string | undefined;
  'accept-language'?: string | undefined;
}): Locale {
  const chosen = headers.cookie ? cookieValue(headers.cookie, LOCALE_COOKIE.name) : undefined;
  const fromCookie = chosen === undefined ? undefined : supportedLocale(chosen);
  if (fromCookie) return fromCookie;

  for (const tag of acceptedTags(headers['accept-language'] ?? '')) {
    const locale = supportedLocale(tag);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}
