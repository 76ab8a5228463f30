import { redirect, type LoaderFunctionArgs } from 'react-router';
import { paths } from '@pictura/contract';
import { loginPathWithReturnUrl } from '../lib/return-url';
import { isSignedIn } from '../lib/session';

/**
 * Route guards of seed-spec section 2, run as loaders of the pathless routes that group the guarded
 * pages, so the decision is taken before a page's code or data is loaded. Signed in means an access
 * token is present (section 6).
 */

/** Auth guard: a signed-out visitor goes to log in, and comes back here afterwards. */
export function requireSignedIn({ request }: LoaderFunctionArgs): null {
  if (isSignedIn()) return null;
  const { pathname, search } = new URL(request.url);
  throw redirect(loginPathWithReturnUrl(`${pathname}${search}`));
}

/** Already-auth guard: log in, sign up and password reset make no sense when signed in. */
export function requireSignedOut(): null {
  if (isSignedIn()) throw redirect(paths.home);
  return null;
}
