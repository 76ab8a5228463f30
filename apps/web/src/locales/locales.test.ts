import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGES, LOCALES, pageNotFoundMessage } from '@pictura/contract';
import en from './en.json';
import es from './es.json';
import ja from './ja.json';

const locales = { en, es, ja };

/** Every leaf as "a.b.c" → value, so nested files compare key by key. */
function flatten(tree: unknown, prefix = ''): Map<string, string> {
  const leaves = new Map<string, string>();
  if (typeof tree === 'string') return leaves.set(prefix, tree);
  if (typeof tree !== 'object' || tree === null) throw new Error(`${prefix} is not text`);
  for (const [key, value] of Object.entries(tree)) {
    for (const [path, text] of flatten(value, prefix ? `${prefix}.${key}` : key)) {
      leaves.set(path, text);
    }
  }
  return leaves;
}

const variables = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

describe('locale files', () => {
  it('exist for every locale of the contract', () => {
    expect(Object.keys(locales).sort()).toEqual([...LOCALES].sort());
  });

  it.each(LOCALES.filter((locale) => locale !== 'en'))(
    'en and %s have exactly the same keys',
    (locale) => {
      const reference = [...flatten(en).keys()].sort();
      const other = [...flatten(locales[locale]).keys()].sort();
      expect(other.filter((key) => !reference.includes(key))).toEqual([]);
      expect(reference.filter((key) => !other.includes(key))).toEqual([]);
    },
  );

  it.each(LOCALES)(
    '%s has no empty text and keeps every interpolation variable of English',
    (locale) => {
      const reference = flatten(en);
      for (const [key, text] of flatten(locales[locale])) {
        expect(text.trim(), key).not.toBe('');
        expect(variables(text), key).toEqual(variables(reference.get(key) ?? ''));
      }
    },
  );

  it('shows the exact English messages of docs/product/messages.md', () => {
    expect(en.errors.pageNotFound).toBe(ERROR_MESSAGES.pageNotFound);
    expect(en.errors.internalServerError).toBe(ERROR_MESSAGES.internalServerError);
    expect(en.errors.pageNotFoundPath.replace('{{path}}', '/x')).toBe(pageNotFoundMessage('/x'));
    expect(en.apiErrors.unexpectedServerError).toBe(ERROR_MESSAGES.unexpectedServerError);
    expect(en.apiErrors.tooManyRequests).toBe(ERROR_MESSAGES.tooManyRequests);
    expect(en.apiErrors.generic).toBe(ERROR_MESSAGES.generic);
    expect(en.apiErrors.validationFailed).toBe(ERROR_MESSAGES.validationFailed);
    expect(en.pages.notLoggedIn.loggedOut).toBe(ERROR_MESSAGES.loggedOut);
  });

  it('keeps the "Page Not Found: {path}" structure in every language', () => {
    for (const locale of LOCALES) {
      const { pageNotFound, pageNotFoundPath } = locales[locale].errors;
      expect(pageNotFoundPath, locale).toBe(`${pageNotFound}: {{path}}`);
    }
  });
});
