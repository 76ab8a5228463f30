/**
 * API answers that the server render (page-render.ts) reads in this process without going through
 * the route: what every first view asks for (the categories, a picture page's offer). Through
 * Fastify's `inject`, each such call ran a whole request (its hooks, the headers of every answer,
 * the rate limit's check, the query's validation, the reply) to hand back JSON text the render parses
 * again, which was about a fifth of an uncached page's time
 * (docs/decisions/performance/what-a-server-rendered-page-costs.md).
 *
 * A read gives the text the route would send with status 200, from the same caches and with the
 * same schemas. It answers only what it can answer so: for anything else (a query the route would
 * reject or spell differently, a picture that is not there, a failure) it gives `undefined`, and
 * the call goes through the route, which answers it as any other caller.
 */
export type RenderRead = (query: Readonly<Record<string, string>>) => Promise<string | undefined>;

export interface RenderReads {
  /** Registers the read of GET `path` (a path of the API, without its query). */
  add(path: string, read: RenderRead): void;
  /** The 200 answer's JSON text of GET `url` (path and query), or undefined: ask the route. */
  read(url: URL): Promise<string | undefined>;
}

/** The query as the route sees it, or undefined for a name given twice (the route sees a list). */
function plainQuery(params: URLSearchParams): Record<string, string> | undefined {
  const query = new Map<string, string>();
  for (const [name, value] of params) {
    if (query.has(name)) return undefined;
    query.set(name, value);
  }
  // Own properties whatever their names (`__proto__` included), as the route's parser makes them.
  return Object.fromEntries(query);
}

export function createRenderReads(): RenderReads {
  const reads = new Map<string, RenderRead>();
  return {
    add(path, read) {
      if (reads.has(path)) throw new Error(`${path} already has a render read`);
      reads.set(path, read);
    },
    async read(url) {
      const read = reads.get(url.pathname);
      const query = read && plainQuery(url.searchParams);
      if (!read || !query) return undefined;
      return read(query).catch(() => undefined);
    },
  };
}
