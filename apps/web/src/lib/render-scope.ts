import type { Currency, Locale } from '@pictura/contract';

/**
 * What a page was rendered with on the server. The server renders every public page signed out (the
 * session lives in sessionStorage, which it never sees), in the visitor's language and in the
 * currency of the `currency` cookie. The same app code runs there and in the browser, so the few
 * values that differ per request are read through this module instead of browser storage:
 *
 * - on the server, from the request being rendered (entry-server.tsx plugs in a reader);
 * - in the browser while hydrating, from the values the server sent along with the page, which is
 *   what React's `getServerSnapshot` of each browser-only store returns, so the first client render
 *   matches the HTML and React re-renders with the browser's own values right after.
 */
export interface RenderScope {
  currency: Currency;
  locale: Locale;
  /** Whether the shop takes payments on the sandbox (the test shop ribbon). */
  testShop: boolean;
  /** The shop's public origin, for absolute addresses (server render only). */
  origin?: string;
  /** Answers the app's API calls during a server render (no network: the server itself). */
  fetch?: typeof fetch;
  /**
   * During a server render, the JSON text of a GET's 200 answer that the server reads itself
   * without a request (apps/server/src/http/render-reads.ts), or undefined: `fetch` asks then.
   */
  read?: (url: string) => Promise<string | undefined>;
}

let readScope: () => RenderScope | undefined = () => undefined;

/** Called once by the server entry: its reader returns the scope of the request being rendered. */
export function setRenderScopeReader(reader: () => RenderScope | undefined): void {
  readScope = reader;
}

/** The scope of the server render under way, or of the page the browser is hydrating. */
export function renderScope(): RenderScope | undefined {
  return readScope();
}

/**
 * The server snapshot of a store the server cannot see (a signed-in session, the cart): what the
 * server rendered (`onServer`) when there is a server render, else the browser's own value.
 */
export function serverSnapshot<T>(onServer: T, browserValue: () => T): () => T {
  return () => (readScope() ? onServer : browserValue());
}

/**
 * A browser-only store's value as the server rendered it: the scope's on the server and while
 * hydrating, `browserValue` when the page was not rendered on the server (vite's dev server).
 */
export function renderedValue<T>(pick: (scope: RenderScope) => T, browserValue: () => T): T {
  const scope = readScope();
  return scope ? pick(scope) : browserValue();
}
