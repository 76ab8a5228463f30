/** Values kept for a while by key; concurrent misses of one key share a single load. */
export interface TtlCache<V> {
  get(key: string, load: () => Promise<V>): Promise<V>;
  /** Forgets every value, also those still loading: they were read before the change. */
  clear(): void;
}

/**
 * A small in-process cache: an entry lives `ttlMs`; past `maxEntries` the oldest goes first. A load
 * that fails is forgotten at once, so the next request tries again.
 */
export function createTtlCache<V>(options: {
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}): TtlCache<V> {
  const { ttlMs, maxEntries, now = Date.now } = options;
  const entries = new Map<string, { value: Promise<V>; expires: number }>();
  return {
    get(key, load) {
      const time = now();
      const entry = entries.get(key);
      if (entry && entry.expires > time) return entry.value;
      entries.delete(key);
      // Maps iterate in insertion order: the first key is the oldest entry.
      const oldest = entries.keys().next();
      if (entries.size >= maxEntries && !oldest.done) entries.delete(oldest.value);
      const value = load();
      entries.set(key, { value, expires: time + ttlMs });
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
    clear() {
      entries.clear();
    },
  };
}
