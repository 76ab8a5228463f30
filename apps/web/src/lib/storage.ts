/** The part of the Web Storage API the app uses; tests pass an in-memory one. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function createMemoryStorage(): KeyValueStorage {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
  };
}

/**
 * The browser's storage, or an in-memory stand-in where it is missing or throws (storage disabled,
 * some private modes, Node in unit tests), so that a blocked storage never breaks the page.
 */
export function browserStorage(kind: 'localStorage' | 'sessionStorage'): KeyValueStorage {
  try {
    const storage = globalThis[kind];
    const probe = '__pictura_probe__';
    storage.setItem(probe, probe);
    storage.removeItem(probe);
    return storage;
  } catch {
    return createMemoryStorage();
  }
}
