import { describe, expect, it } from 'vitest';
import { otherCurrencyReversalMail } from './other-currency.js';

// The shop's notice of a reversal in another currency, as the person settling it reads it: a
// provider's refund event carries everything refunded so far, and must not read as one refund.
const payment = { id: 'pay-1', amount: 2_000, currency: 'EUR' as const, orderId: 7 };
const link = 'http://localhost:3000/admin/orders';

describe('other-currency reversal mail', () => {
  it('names a refund event’s amount as everything refunded so far', () => {
    const mail = otherCurrencyReversalMail(
      payment,
      { eventId: 'evt_2', type: 'refunded', amount: 1_500, currency: 'GBP' },
      link,
    );
    expect(mail.text).toContain(
      'Refunded so far: 1500 GBP (minor units, all refunds of this payment)',
    );
    expect(mail.text).not.toContain('Amount:');
  });

  it('names a dispute’s amount as the amount disputed', () => {
    const mail = otherCurrencyReversalMail(
      payment,
      {
        eventId: 'evt_3',
        type: 'disputed',
        amount: 2_000,
        currency: 'GBP',
        disputeStage: 'withdrawn',
      },
      link,
    );
    expect(mail.subject).toBe('A dispute in GBP of a EUR payment waits for you');
    expect(mail.text).toContain('Amount: 2000 GBP (minor units)');
  });
});
