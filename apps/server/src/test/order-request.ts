// Request bodies of tests, the load test and the benchmarks (bench/): no Vitest here.
import type { OrderRequest } from '@pictura/contract';

/** Billing details and browser facts, as the web app sends them with every payment. */
export const TEST_PAYER = {
  firstName: 'Ann',
  lastName: 'Lee',
  country: 'ES',
  city: 'Madrid',
  address1: 'Calle Mayor 1',
  zipCode: '28013',
  agreedToPP_TOS: true,
  javascriptEnabled: true,
  acceptLanguage: 'en-GB,en;q=0.9',
  screenWidth: 1920,
  screenHeight: 1080,
  timeZone: 'Europe/Madrid',
  userAgent: 'Mozilla/5.0 (integration test)',
} as const;

/** A valid order body for the given variant ids; override any field. */
export function orderRequest(
  attributeIds: readonly number[],
  overrides: Partial<OrderRequest> = {},
): OrderRequest {
  return {
    ...TEST_PAYER,
    cartItems: attributeIds.map((id) => ({ attributes: { id } })),
    giftCardAmount: 0,
    currency: 'EUR',
    payByBalance: false,
    ...overrides,
  };
}
