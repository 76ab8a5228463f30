import { eq } from 'drizzle-orm';
import type { Db } from '../../infra/db/index.js';
import type { PaymentRow, SettlementHandlers } from '../payments/index.js';
import { issueReceipt, type ReceiptIssuer } from '../receipts/index.js';
import { deposits } from './schema.js';
import { depositSettlement } from './settlement.js';

/**
 * The credited deposit's receipt, in the settling transaction. A deposit is a prepayment: it
 * carries no VAT, which is charged on the artwork the balance later pays for
 * (docs/decisions/money/gift-cards-and-deposits-carry-no-vat-the-artwork-they-pay.md). Its billing
 * details are the ones typed for it.
 */
async function issueDepositReceipt(
  tx: Db,
  issuer: ReceiptIssuer,
  payment: PaymentRow,
): Promise<void> {
  const [billing] = await tx.select().from(deposits).where(eq(deposits.paymentId, payment.id));
  await issueReceipt(tx, issuer, {
    userId: payment.userId,
    subject: { kind: 'deposit', paymentId: payment.id },
    currency: payment.currency,
    // A deposit started before its billing details were kept: the receipt names the account only.
    billing: billing ?? {
      firstName: '',
      lastName: '',
      address1: '',
      city: '',
      zipCode: '',
      state: null,
      country: '',
    },
    lines: [
      {
        kind: 'deposit',
        title: '',
        variant: null,
        gross: payment.amount,
        vatCountry: null,
        vatRate: 0,
        vat: 0,
      },
    ],
  });
}

/** The deposit's settlement (settlement.ts), and its receipt when the balance is credited. */
export function depositSettlementWithReceipt(issuer: ReceiptIssuer): SettlementHandlers {
  return {
    ...depositSettlement,
    async succeeded(tx, payment) {
      const delivered = await depositSettlement.succeeded(tx, payment);
      if (delivered) await issueDepositReceipt(tx, issuer, payment);
      return delivered;
    },
  };
}
