import { redirect, type LoaderFunctionArgs } from 'react-router';
import { paths } from '@pictura/contract';
import { loginPathWithReturnUrl } from '../lib/return-url';
import { isSignedIn } from '../lib/session';

/**
 * Route guards of docs/product/screens.md#guards, run as loaders of the pathless routes that group
 * the guarded pages, so the decision is taken before a page's code or data is loaded. Signed in
 * means an access token is present.
 *
 * The server cannot see the session (sessionStorage) and lets every page through: it renders the
 * signed-out pages and only the shell of the signed-in ones. The browser asks `guardRedirect`
 * before it hydrates (main.tsx) and renders afresh when a guard redirects.
 */

/** A signed-out visitor goes to log in, and comes back here afterwards. */
const signedInRedirect = (url: URL): string | undefined =>
  isSignedIn() ? undefined : loginPathWithReturnUrl(`${url.pathname}${url.search}`);

/** Log in, sign up and password reset make no sense when signed in. */
const signedOutRedirect = (): string | undefined => (isSignedIn() ? paths.home : undefined);

/** Auth guard. */
export function requireSignedIn({ request }: LoaderFunctionArgs): null {
  const to = import.meta.env.SSR ? undefined : signedInRedirect(new URL(request.url));
  if (to) throw redirect(to);
  return null;
}

/** Already-auth guard. */
export function requireSignedOut(): null {
  const to = import.meta.env.SSR ? undefined : signedOutRedirect();
  if (to) throw redirect(to);
  return null;
}

/** Where the guard that is a route's `loader` sends this browser's visitor at `url`, if anywhere. */
export function guardRedirect(loader: unknown, url: URL): string | undefined {
  if (loader === requireSignedIn) return signedInRedirect(url);
  if (loader === requireSignedOut) return signedOutRedirect();
  return undefined;
}
