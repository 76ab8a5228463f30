import type { Page, Response } from '@playwright/test';

// The server's HTML is on screen before the app's code has loaded (apps/web/src/boot.ts): a test
// that clicks a button or fills a form must wait until React has taken the page over, as a visitor
// on a slow phone would find the button inert until then.

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

/**
 * Makes the page's `goto` and `reload` return once the app has taken over the HTML page they
 * reached, as every journey then clicks and types into it. The test fixture's page has it; a page
 * a test opens in a context of its own (a second shopper) needs it too.
 */
export function waitingForHydration(page: Page): Page {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  const untilHydrated = async (answer: Response | null) => {
    if (answer?.headers()['content-type']?.startsWith('text/html')) await waitForHydration(page);
    return answer;
  };
  page.goto = async (url, options) => untilHydrated(await goto(url, options));
  page.reload = async (options) => untilHydrated(await reload(options));
  return page;
}
