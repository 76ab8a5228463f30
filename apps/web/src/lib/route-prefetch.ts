/**
 * What a route loader returns once it has started its page's queries. In the browser it returns at
 * once, so the page's code and data load side by side and the page shows its own loading state; on
 * the server it waits for them, so the HTML holds the data (a failed query is the page's to show,
 * as prefetchQuery never rejects).
 */
export function prefetched(started: Promise<unknown>): Promise<null> | null {
  return import.meta.env.SSR ? started.then(() => null) : null;
}
