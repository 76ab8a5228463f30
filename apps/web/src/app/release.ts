import { createReleaseWatcher, startReleasePolling } from '../lib/release';
import { browserStorage } from '../lib/storage';

/** The app's release watcher, wired to the browser (the logic and its tests are in lib/release). */
export const releaseWatcher = createReleaseWatcher({
  currentBuildId: import.meta.env.VITE_BUILD_ID,
  fetch: (input, init) => globalThis.fetch(input, init),
  now: () => Date.now(),
  storage: browserStorage('sessionStorage'),
  reload: (url) => (url ? window.location.assign(url) : window.location.reload()),
});

/**
 * Starts polling and listens for Vite's `vite:preloadError` (a chunk or its CSS failed to load).
 * The event is left to propagate: the import's rejection reaches the route's lazy loader, which
 * waits for the reload or, when the guard blocks it, shows the error page.
 */
export function startReleaseDetection(pendingNavigationUrl: () => string | undefined): void {
  startReleasePolling(releaseWatcher, {
    document,
    setInterval: (callback, ms) => window.setInterval(callback, ms),
    clearInterval: (id) => window.clearInterval(id),
  });
  window.addEventListener('vite:preloadError', () => {
    releaseWatcher.onChunkLoadError(pendingNavigationUrl());
  });
}
