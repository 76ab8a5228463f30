import type { OrderRequest } from '@pictura/contract';

export type BrowserInfo = Pick<
  OrderRequest,
  'javascriptEnabled' | 'acceptLanguage' | 'screenWidth' | 'screenHeight' | 'timeZone' | 'userAgent'
>;

/**
 * The browser info sent with orders and deposits (docs/product/api.md#request-fields), which
 * payment providers use for 3-D Secure risk checks. Cut to the contract's limits so an unusual
 * browser cannot make the request invalid.
 */
export function collectBrowserInfo(): BrowserInfo {
  const size = (value: number | undefined) =>
    Number.isFinite(value) ? Math.min(100_000, Math.max(0, Math.round(value ?? 0))) : 0;
  let timeZone = '';
  try {
    timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    // An engine without time-zone data: the provider then does without it.
  }
  return {
    javascriptEnabled: true,
    acceptLanguage: (navigator.language ?? '').slice(0, 256),
    screenWidth: size(globalThis.screen?.width),
    screenHeight: size(globalThis.screen?.height),
    timeZone: timeZone.slice(0, 64),
    userAgent: (navigator.userAgent ?? '').slice(0, 512),
  };
}
