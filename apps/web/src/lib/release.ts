import {
  BUILDS_LATEST_PATH,
  isBuildLatest,
  RELEASE_POLL_INTERVAL_MS,
  RELEASE_RELOAD_GUARD_MS,
  RELEASE_RELOAD_MARKER_KEY,
} from '@pictura/contract';
import type { KeyValueStorage } from './storage';

/**
 * Release detection (docs/product/browser.md#release-detection). The build writes
 * `builds/latest.json`; the app compares its id with its own and, when they differ, reloads on the
 * next navigation, so a user never keeps running an old build (whose chunks may be gone from the
 * server) for long. A failed chunk load reloads at once. Every reload goes through one guard: a
 * session storage marker that blocks a second reload within 10 seconds, so a broken deployment
 * cannot put the tab into a reload loop.
 */

export interface ReleaseDeps {
  /** The id compiled into this build (import.meta.env.VITE_BUILD_ID). */
  currentBuildId: string;
  fetch: typeof fetch;
  now: () => number;
  /** Session storage: the guard must survive the reload it guards, and only in this tab. */
  storage: KeyValueStorage;
  /** A full page load: of `url` when given, else of the current address. */
  reload: (url?: string) => void;
}

/** Reloads unless the marker says a reload happened less than 10 seconds ago; true when it reloaded. */
export function tryGuardedReload(
  deps: Pick<ReleaseDeps, 'now' | 'storage' | 'reload'>,
  url?: string,
): boolean {
  const now = deps.now();
  const last = Number(deps.storage.getItem(RELEASE_RELOAD_MARKER_KEY));
  const elapsed = now - last;
  if (Number.isFinite(last) && last > 0 && elapsed >= 0 && elapsed < RELEASE_RELOAD_GUARD_MS) {
    return false;
  }
  deps.storage.setItem(RELEASE_RELOAD_MARKER_KEY, String(now));
  deps.reload(url);
  return true;
}

/** What a failed chunk load should do: wait for the reload under way, or show the error. */
export type ChunkErrorOutcome = 'reloading' | 'blocked';

export function createReleaseWatcher(deps: ReleaseDeps) {
  let updatePending = false;
  let reloading = false;

  const reload = (url?: string): boolean => {
    if (reloading) return true;
    reloading = tryGuardedReload(deps, url);
    return reloading;
  };

  return {
    isUpdatePending: () => updatePending,

    /** Fetches latest.json; a network or parse failure is not news, so it changes nothing. */
    async check(): Promise<void> {
      try {
        const response = await deps.fetch(`${BUILDS_LATEST_PATH}?t=${deps.now()}`, {
          cache: 'no-store',
          headers: { Accept: 'application/json' },
        });
        if (!response.ok) return;
        const latest: unknown = await response.json();
        if (isBuildLatest(latest) && latest.buildId !== deps.currentBuildId) updatePending = true;
      } catch {
        // Offline or mid-deployment: the next poll tries again.
      }
    },

    /** Called after each router navigation; reloads the (new) address when an update is pending. */
    onNavigation(): boolean {
      return updatePending ? reload() : false;
    },

    /** A lazy chunk failed to load, most likely because a new build replaced it: reload once. */
    onChunkLoadError(url?: string): ChunkErrorOutcome {
      return reload(url) ? 'reloading' : 'blocked';
    },
  };
}

export type ReleaseWatcher = ReturnType<typeof createReleaseWatcher>;

export interface PollingDeps {
  document: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>;
  setInterval: (callback: () => void, ms: number) => number;
  clearInterval: (id: number) => void;
  intervalMs?: number;
}

/** Checks every 5 minutes and whenever the tab becomes visible again; returns a stop function. */
export function startReleasePolling(watcher: ReleaseWatcher, deps: PollingDeps): () => void {
  const check = () => void watcher.check();
  const onVisibility = () => {
    if (deps.document.visibilityState === 'visible') check();
  };
  const timer = deps.setInterval(check, deps.intervalMs ?? RELEASE_POLL_INTERVAL_MS);
  deps.document.addEventListener('visibilitychange', onVisibility);
  return () => {
    deps.clearInterval(timer);
    deps.document.removeEventListener('visibilitychange', onVisibility);
  };
}
