import { describe, expect, it } from 'vitest';
import type { Order } from '@pictura/contract';
import { keepReceivedCodes } from './get-orders';

const order = (id: number, code: string | null, hint: string | null): Order => ({
  id,
  createdAt: '2025-03-01T00:00:00.000Z',
  status: 'paid',
  currency: 'EUR',
  total: 2500,
  paidByBalance: 0,
  paidByPayment: 2500,
  items: [],
  giftCards: [
    {
      amount: { amount: 2500, currency: 'EUR' },
      code,
      codeHint: hint,
      redeemed: false,
      voided: false,
    },
  ],
  paymentLink: null,
  expiresAt: null,
});

describe('keepReceivedCodes', () => {
  it('keeps a code already shown when a refetch answers only its hint', () => {
    const first = [order(1, 'ABCD-EFGH-JKLM', 'JKLM')];
    const again = [order(1, null, 'JKLM'), order(2, null, 'WXYZ')];
    const merged = keepReceivedCodes(again, first);
    expect(merged[0]?.giftCards[0]?.code).toBe('ABCD-EFGH-JKLM');
    expect(merged[1]?.giftCards[0]?.code).toBeNull();
  });

  it('takes the fresh list as it is when nothing was cached', () => {
    const fresh = [order(1, null, 'JKLM')];
    expect(keepReceivedCodes(fresh, undefined)).toBe(fresh);
  });
});
