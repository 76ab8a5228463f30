import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ResourceKey } from 'i18next';
import { createLocaleBackend } from './i18n';

afterEach(() => vi.restoreAllMocks());

describe('locale backend', () => {
  it('reads a language from its locale file', async () => {
    const backend = createLocaleBackend({
      '../locales/es.json': async () => ({ app: { name: 'Pictura' } }) as ResourceKey,
    });
    await expect(
      Promise.resolve(backend.read('es', 'translation', () => undefined)),
    ).resolves.toEqual({
      app: { name: 'Pictura' },
    });
  });

  it('only logs a failed load, as a warning (docs/product/browser.md)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error');
    const backend = createLocaleBackend({
      '../locales/ja.json': () => Promise.reject(new Error('HTTP 404')),
    });
    await expect(
      Promise.resolve(backend.read('ja', 'translation', () => undefined)),
    ).rejects.toThrow('HTTP 404');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(error).not.toHaveBeenCalled();
  });
});
