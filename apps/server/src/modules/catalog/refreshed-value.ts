/**
 * One value built on first use and shared: concurrent callers wait for the same build. Past its time
 * to live it is rebuilt in the background while callers still get the old one, so a large value
 * (the search index) never stalls requests just for being old. `clear()` drops it and any build in
 * flight at once: the next caller waits for a value read after the change.
 */
export interface RefreshedValue<V> {
  get(build: () => Promise<V>): Promise<V>;
  clear(): void;
}

export function createRefreshedValue<V>(options: {
  ttlMs: number;
  now?: () => number;
}): RefreshedValue<V> {
  const { ttlMs, now = Date.now } = options;
  let current: { value: Promise<V>; expires: number } | undefined;
  let refreshing = false;

  const start = (build: () => Promise<V>) => {
    const entry = { value: build(), expires: now() + ttlMs };
    // A failed build is forgotten, so the next caller tries again.
    entry.value.catch(() => {
      if (current === entry) current = undefined;
    });
    return entry;
  };

  return {
    get(build) {
      if (!current) {
        current = start(build);
        return current.value;
      }
      if (current.expires <= now() && !refreshing) {
        refreshing = true;
        const stale = current;
        const next = start(build);
        // Swapped in once built, unless cleared meanwhile; on failure the old one stays for now.
        void next.value
          .then(
            () => {
              if (current === stale) current = next;
            },
            () => {},
          )
          .finally(() => (refreshing = false));
      }
      return current.value;
    },
    clear() {
      current = undefined;
    },
  };
}
