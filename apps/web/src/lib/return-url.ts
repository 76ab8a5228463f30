import { paths } from '@pictura/contract';

/**
 * The `returnUrl` query parameter: the auth guard sends a signed-out visitor to
 * `/login?returnUrl=<path+search>`, and the login page returns there after signing in
 * (features/auth/safe-return-url.ts reads it; apart, so that the first views, whose guard writes
 * it, do not carry the reading).
 */
export const RETURN_URL_PARAM = 'returnUrl';

export function loginPathWithReturnUrl(returnTo: string): string {
  return `${paths.login}?${new URLSearchParams({ [RETURN_URL_PARAM]: returnTo }).toString()}`;
}
