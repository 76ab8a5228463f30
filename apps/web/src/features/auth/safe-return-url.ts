import { paths, signedOutOnlyPaths } from '@pictura/contract';
import { RETURN_URL_PARAM } from '../../lib/return-url';

// Any host works: only used to resolve a relative path and compare origins.
const BASE = 'https://pictura.invalid';

/** Browsers treat `\` like `/` and drop tabs and newlines, so `/\evil.example` could leave the site. */
function hasUnsafeCharacter(value: string): boolean {
  return [...value].some((char) => char === '\\' || char.charCodeAt(0) < 0x20 || char === '\u007f');
}

/**
 * The place to go after signing in. Only a same-origin relative path is accepted, so a crafted link
 * cannot send the user to another site (open redirect): absolute URLs, protocol-relative `//host`,
 * backslash tricks and `javascript:` all fall back to the home page, as do the signed-out-only pages.
 */
export function safeReturnUrl(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || hasUnsafeCharacter(value)) {
    return paths.home;
  }
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return paths.home;
  }
  if (url.origin !== BASE) return paths.home;
  const isSignedOutOnly = (signedOutOnlyPaths as readonly string[]).includes(url.pathname);
  return isSignedOutOnly ? paths.home : `${url.pathname}${url.search}${url.hash}`;
}

/** Reads and validates `returnUrl` from a search string such as `location.search`. */
export function returnUrlFromSearch(search: string | URLSearchParams): string {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  return safeReturnUrl(params.get(RETURN_URL_PARAM));
}
