import { describe, expect, it, vi } from 'vitest';
import {
  RELEASE_POLL_INTERVAL_MS,
  RELEASE_RELOAD_GUARD_MS,
  RELEASE_RELOAD_MARKER_KEY,
} from '@pictura/contract';
import { createReleaseWatcher, startReleasePolling, tryGuardedReload } from './release';
import { createMemoryStorage } from './storage';

const latest = (buildId: string) => new Response(JSON.stringify({ buildId }), { status: 200 });

function setup(serverBuildId = 'build-a', storage = createMemoryStorage()) {
  let now = 1_700_000_000_000;
  const urls: string[] = [];
  const reload = vi.fn<(url?: string) => void>();
  const deps = {
    currentBuildId: 'build-a',
    fetch: vi.fn(async (input: RequestInfo | URL) => {
      urls.push(String(input));
      return latest(serverBuildId);
    }),
    now: () => now,
    storage,
    reload,
  };
  return {
    watcher: createReleaseWatcher(deps),
    deps,
    reload,
    urls,
    storage,
    advance: (ms: number) => (now += ms),
  };
}

describe('release detection (docs/product/browser.md#release-detection)', () => {
  it('polls builds/latest.json with a timestamp and no caching', async () => {
    const { watcher, deps, urls } = setup();
    await watcher.check();
    expect(urls).toEqual([`/builds/latest.json?t=${deps.now()}`]);
    expect(deps.fetch.mock.lastCall?.at(1)).toMatchObject({ cache: 'no-store' });
  });

  it('reloads on the next navigation when the build id differs', async () => {
    const { watcher, reload } = setup('build-b');
    await watcher.check();
    expect(watcher.isUpdatePending()).toBe(true);
    expect(reload).not.toHaveBeenCalled(); // not while the user stays on the page
    expect(watcher.onNavigation()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload when the build id is the same', async () => {
    const { watcher, reload } = setup('build-a');
    await watcher.check();
    expect(watcher.onNavigation()).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('ignores a failed or unreadable poll', async () => {
    const { watcher, deps } = setup();
    deps.fetch.mockRejectedValueOnce(new TypeError('offline'));
    await watcher.check();
    deps.fetch.mockResolvedValueOnce(new Response('<html>', { status: 200 }));
    await watcher.check();
    deps.fetch.mockResolvedValueOnce(new Response('', { status: 503 }));
    await watcher.check();
    expect(watcher.isUpdatePending()).toBe(false);
  });

  it('a chunk load error reloads once, into the address being navigated to', () => {
    const { watcher, reload } = setup();
    expect(watcher.onChunkLoadError('/gallery')).toBe('reloading');
    expect(watcher.onChunkLoadError('/gallery')).toBe('reloading'); // same failure, reported twice
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reload).toHaveBeenCalledWith('/gallery');
  });
});

describe('reload guard', () => {
  it('blocks a second reload within 10 seconds and allows one after', () => {
    const { deps, reload, advance, storage } = setup();
    expect(tryGuardedReload(deps)).toBe(true);
    expect(storage.getItem(RELEASE_RELOAD_MARKER_KEY)).toBe(String(deps.now()));

    advance(RELEASE_RELOAD_GUARD_MS - 1);
    expect(tryGuardedReload(deps)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);

    advance(1);
    expect(tryGuardedReload(deps)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('holds across the reload: a fresh page within 10 s does not reload again', async () => {
    const storage = createMemoryStorage(); // session storage survives a reload
    const first = setup('build-b', storage);
    await first.watcher.check();
    expect(first.watcher.onNavigation()).toBe(true);

    // The reloaded page still gets the old build (e.g. a stale cache) and sees the update again.
    const second = setup('build-b', storage);
    second.advance(RELEASE_RELOAD_GUARD_MS / 2);
    await second.watcher.check();
    expect(second.watcher.onNavigation()).toBe(false);
    expect(second.watcher.onChunkLoadError()).toBe('blocked');
    expect(second.reload).not.toHaveBeenCalled();
  });

  it('ignores an unreadable marker', () => {
    const { deps, storage } = setup();
    storage.setItem(RELEASE_RELOAD_MARKER_KEY, 'garbage');
    expect(tryGuardedReload(deps)).toBe(true);
  });
});

describe('polling', () => {
  it('checks every 5 minutes and when the tab becomes visible, until stopped', () => {
    const check = vi.fn(async () => undefined);
    const watcher = { ...setup().watcher, check };
    const listeners = new Map<string, () => void>();
    const doc = {
      visibilityState: 'hidden' as DocumentVisibilityState,
      addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
      removeEventListener: (type: string) => listeners.delete(type),
    };
    let tick: (() => void) | undefined;
    const clearInterval = vi.fn();
    const stop = startReleasePolling(watcher, {
      document: doc as unknown as Document,
      setInterval: (callback, ms) => {
        expect(ms).toBe(RELEASE_POLL_INTERVAL_MS);
        tick = callback;
        return 7;
      },
      clearInterval,
    });

    tick?.();
    expect(check).toHaveBeenCalledTimes(1);
    listeners.get('visibilitychange')?.(); // hidden: nothing to do
    expect(check).toHaveBeenCalledTimes(1);
    doc.visibilityState = 'visible';
    listeners.get('visibilitychange')?.();
    expect(check).toHaveBeenCalledTimes(2);

    stop();
    expect(clearInterval).toHaveBeenCalledWith(7);
    expect(listeners.size).toBe(0);
  });
});
