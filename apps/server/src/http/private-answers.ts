import type { FastifyInstance, FastifyRequest } from 'fastify';
import { signedInOnlyPaths } from '@pictura/contract';

/** What a browser, a proxy or a CDN may keep of an answer that is one person's: nothing. */
export const PRIVATE_NO_STORE = 'private, no-store';

// The back office's pages (the web app's /admin routes) are signed-in pages too.
const SIGNED_IN_PAGE = new RegExp(
  `^(?:${[...signedInOnlyPaths, '/admin'].map((path) => path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?:[/?]|$)`,
);

const isApi = (url: string) => /^\/api(?:[/?]|$)/i.test(url);

/**
 * Whether an answer may hold someone's personal data and so must not be stored anywhere:
 * - every `/api` answer that does not say it is public: whatever a signed-in request gets, and
 *   the signed-out answers that hold secrets too (tokens from sign-in and refresh), so that a
 *   route forgetting its header is safe by default;
 * - the signed-in pages (their address alone tells a shared computer's next user where someone was).
 * A route that marks its answer `public` (the catalog's pictures, the shop's details) keeps it:
 * those are the same for everyone. docs/decisions/accounts/caches-keep-nothing-personal.md.
 */
function mustNotStore(request: FastifyRequest, cacheControl: string | undefined): boolean {
  if (isApi(request.url)) return !(cacheControl ?? '').includes('public');
  return SIGNED_IN_PAGE.test(request.url);
}

/** On the root instance: every answer, errors and 404s included, goes through it. */
export function registerPrivateAnswers(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const current = reply.getHeader('cache-control');
    const value = typeof current === 'string' ? current : undefined;
    // An answer already `no-store` keeps its own words; the event stream of a generation writes
    // its headers itself (`private, no-store, no-transform`).
    if (mustNotStore(request, value) && !value?.includes('no-store')) {
      reply.header('cache-control', PRIVATE_NO_STORE);
    }
    return payload;
  });
}
