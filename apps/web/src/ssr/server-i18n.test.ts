import { describe, expect, it } from 'vitest';
import { serverI18n } from './server-i18n';

describe('serverI18n', () => {
  it('translates keys alone and keys with values in the language, as often as asked', () => {
    const t = serverI18n('es').getFixedT('es', 'translation');
    const again = serverI18n('es').getFixedT('es', 'translation');
    for (const each of [t, again, t]) {
      expect(each('app.name')).toBe('Pictura');
      expect(each('app.documentTitle', { page: 'Galería' })).toBe('Galería · Pictura');
      expect(each('app.documentTitle', { page: 'Contacto' })).toBe('Contacto · Pictura');
    }
    expect(serverI18n('en').getFixedT('en', 'translation')('app.description')).toMatch(
      /^Pictura is/,
    );
  });

  it('keeps a key prefix per t', () => {
    const app = serverI18n('en').getFixedT('en', 'translation', 'app');
    expect(app('name')).toBe('Pictura');
  });

  it("answers values to put in and counts as i18next's own t, also when asked again", () => {
    const view = serverI18n('en');
    const own = (Object.getPrototypeOf(view) as typeof view).getFixedT('en', 'translation');
    const t = view.getFixedT('en', 'translation');
    const calls = [
      ['cart.linkLabel', { count: 0 }],
      ['cart.linkLabel', { count: 1 }],
      ['cart.linkLabel', { count: 2 }],
      ['footer.copyright', { year: 2026 }],
      ['picture.pixels', { width: 1536, height: 1024 }],
      ['app.documentTitle', { page: '<b>' }],
    ] as const;
    for (const round of [1, 2]) {
      for (const [key, values] of calls)
        expect(t(key, values), `${key} ${round}`).toBe(own(key, values));
    }
    expect(t('cart.linkLabel', { count: 1 })).not.toBe(t('cart.linkLabel', { count: 2 }));
  });
});
