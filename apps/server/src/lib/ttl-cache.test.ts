import { describe, expect, it } from 'vitest';
import { createTtlCache } from './ttl-cache.js';

describe('createTtlCache', () => {
  let time = 0;
  const now = () => time;

  it('keeps a value for its time to live, then loads it again', async () => {
    const cache = createTtlCache<number>({ ttlMs: 1000, maxEntries: 10, now });
    let loads = 0;
    const load = async () => (loads += 1);

    expect(await cache.get('k', load)).toBe(1);
    time += 999;
    expect(await cache.get('k', load)).toBe(1);
    time += 1;
    expect(await cache.get('k', load)).toBe(2);
  });

  it('shares one load between requests that arrive while it runs', async () => {
    const cache = createTtlCache<string>({ ttlMs: 1000, maxEntries: 10, now });
    let loads = 0;
    const load = async () => {
      loads += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return 'v';
    };

    expect(await Promise.all([cache.get('k', load), cache.get('k', load)])).toEqual(['v', 'v']);
    expect(loads).toBe(1);
  });

  it('forgets a failed load, so the next request tries again', async () => {
    const cache = createTtlCache<string>({ ttlMs: 1000, maxEntries: 10, now });

    await expect(cache.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('k', async () => 'up')).toBe('up');
  });

  it('drops the oldest entry when full', async () => {
    const cache = createTtlCache<string>({ ttlMs: 1000, maxEntries: 2, now });
    await cache.get('a', async () => 'a1');
    await cache.get('b', async () => 'b1');
    await cache.get('c', async () => 'c1');

    expect(await cache.get('b', async () => 'b2')).toBe('b1');
    expect(await cache.get('a', async () => 'a2')).toBe('a2');
  });

  it('loads again after clear, and a load under way when cleared is not kept', async () => {
    const cache = createTtlCache<string>({ ttlMs: 1000, maxEntries: 10, now });
    let finish!: (value: string) => void;
    const slow = cache.get('k', () => new Promise<string>((resolve) => (finish = resolve)));
    cache.clear();
    finish('before the change');

    expect(await slow).toBe('before the change');
    expect(await cache.get('k', async () => 'after the change')).toBe('after the change');
    cache.clear();
    expect(await cache.get('k', async () => 'once more')).toBe('once more');
  });

  describe('keeping only repeated keys', () => {
    const repeatedOnly = () =>
      createTtlCache<number>({ ttlMs: 1000, maxEntries: 10, keepRepeated: true, now });
    const counting = () => {
      let loads = 0;
      return { load: async () => (loads += 1), loads: () => loads };
    };

    it('keeps a value from the second time its key is asked for', async () => {
      const cache = repeatedOnly();
      const { load } = counting();

      expect(await cache.get('k', load)).toBe(1);
      expect(await cache.get('k', load)).toBe(2);
      expect(await cache.get('k', load)).toBe(2);
    });

    it('keeps a value asked for again while it loads, and shares that load', async () => {
      const cache = repeatedOnly();
      const { load, loads } = counting();

      expect(await Promise.all([cache.get('k', load), cache.get('k', load)])).toEqual([1, 1]);
      expect(await cache.get('k', load)).toBe(1);
      expect(loads()).toBe(1);
    });

    it('counts a key as repeated only within the time to live', async () => {
      const cache = repeatedOnly();
      const { load } = counting();

      expect(await cache.get('k', load)).toBe(1);
      time += 1000;
      expect(await cache.get('k', load)).toBe(2);
      expect(await cache.get('k', load)).toBe(3);
      expect(await cache.get('k', load)).toBe(3);
    });

    it('does not push out kept values for keys asked once', async () => {
      const cache = createTtlCache<string>({ ttlMs: 1000, maxEntries: 1, keepRepeated: true, now });
      await cache.get('a', async () => 'a1');
      await cache.get('a', async () => 'a2');
      for (const key of ['b', 'c', 'd']) await cache.get(key, async () => key);

      expect(await cache.get('a', async () => 'a3')).toBe('a2');
    });
  });
});
