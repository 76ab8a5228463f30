import { useSyncExternalStore } from 'react';
import { firstViewApiPaths, type ShopInfo } from '@pictura/contract';
import { createExternalStore } from '../../lib/external-store';
import { renderedValue } from '../../lib/render-scope';

/**
 * Whether this shop takes its payments on the sandbox, which approves test cards and takes no money
 * (GET /api/shop): every page then says it is a test shop. Asked once at start (main.tsx), not by
 * each render, and false until answered: a shop that cannot say so is shown as a real one.
 */
export const testShopStore = createExternalStore(false);

const isShopInfo = (value: unknown): value is ShopInfo =>
  typeof value === 'object' &&
  value !== null &&
  'testPayments' in value &&
  typeof value.testPayments === 'boolean';

/** Asks the server once; any failure leaves the store as it is. Plain fetch: no zod on first view. */
export async function loadTestShop(fetchImpl: typeof fetch = fetch): Promise<void> {
  try {
    const response = await fetchImpl(firstViewApiPaths.shop, {
      headers: { Accept: 'application/json' },
    });
    const body: unknown = response.ok ? await response.json() : null;
    if (isShopInfo(body)) testShopStore.set(body.testPayments);
  } catch {
    // Offline or not JSON: no ribbon, and the page works as ever.
  }
}

/** The server knows whether it is a test shop, and says so in the page it renders. */
const renderedTestShop = () => renderedValue((scope) => scope.testShop, testShopStore.get);

export function useTestShop(): boolean {
  return useSyncExternalStore(testShopStore.subscribe, testShopStore.get, renderedTestShop);
}
