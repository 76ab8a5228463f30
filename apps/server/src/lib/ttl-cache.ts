/** Values kept for a while by key; concurrent misses of one key share a single load. */
export interface TtlCache<V> {
  get(key: string, load: () => Promise<V>): Promise<V>;
  /** Forgets every value, also those still loading: they were read before the change. */
  clear(): void;
}

/**
 * A small in-process cache: an entry lives `ttlMs`; past `maxEntries` the oldest goes first. A load
 * that fails is forgotten at once, so the next request tries again. With `keepRepeated`, a value is
 * kept only when its key is asked for again within `ttlMs` (while it loads or after): a key asked
 * once is loaded, shared by the requests that come while it loads, then dropped, so one-off keys
 * neither push out the values asked for again and again nor live long enough to burden the garbage
 * collector. The keys asked once are remembered (at most four times `maxEntries`).
 */
export function createTtlCache<V>(options: {
  ttlMs: number;
  maxEntries: number;
  keepRepeated?: boolean;
  now?: () => number;
}): TtlCache<V> {
  const { ttlMs, maxEntries, keepRepeated = false, now = Date.now } = options;
  const entries = new Map<string, { value: Promise<V>; expires: number; keep: boolean }>();
  /** Keys asked for once, with when that stops counting. */
  const askedOnce = new Map<string, number>();

  /** Whether `key` was asked for before, within the time to live; remembers it otherwise. */
  const askedBefore = (key: string, time: number) => {
    const until = askedOnce.get(key);
    askedOnce.delete(key);
    if (until !== undefined && until > time) return true;
    const oldest = askedOnce.keys().next();
    if (askedOnce.size >= 4 * maxEntries && !oldest.done) askedOnce.delete(oldest.value);
    askedOnce.set(key, time + ttlMs);
    return false;
  };

  return {
    get(key, load) {
      const time = now();
      const entry = entries.get(key);
      if (entry && entry.expires > time) {
        entry.keep = true;
        return entry.value;
      }
      entries.delete(key);
      const keep = !keepRepeated || askedBefore(key, time);
      // Maps iterate in insertion order: the first key is the oldest entry.
      const oldest = entries.keys().next();
      if (keep && entries.size >= maxEntries && !oldest.done) entries.delete(oldest.value);
      const value = load();
      entries.set(key, { value, expires: time + ttlMs, keep });
      const current = () => entries.get(key)?.value === value;
      value.then(
        () => {
          if (current() && !entries.get(key)?.keep) entries.delete(key);
        },
        () => {
          if (current()) entries.delete(key);
        },
      );
      return value;
    },
    clear() {
      entries.clear();
      askedOnce.clear();
    },
  };
}
