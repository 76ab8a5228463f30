import type { Page } from '@playwright/test';

// The server's HTML is on screen before the app's code has loaded (apps/web/src/boot.ts). Journeys
// do not wait for the app: what a visitor does first is kept or its control says it is not ready
// (before-hydration.spec.ts). A test that is about the moment the app takes over waits for it here.

/**
 * Waits until React has hydrated the server's HTML (or rendered the page itself): the root's
 * current tree is no longer dehydrated. React reports a failed hydration (onRecoverableError, a
 * console error in main.tsx) while it commits, so it has done so by then.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    if (!root) return false;
    const key = Object.keys(root).find((name) => name.startsWith('__reactContainer$'));
    // React's internals, typed by hand: the container's HostRoot fiber and its FiberRoot.
    type HostRoot = { stateNode: { current: { memoizedState: { isDehydrated?: boolean } } } };
    const fiber = key ? (root as unknown as Record<string, HostRoot>)[key] : undefined;
    return fiber?.stateNode.current.memoizedState.isDehydrated === false;
  });
}
