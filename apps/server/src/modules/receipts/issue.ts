import type { Currency } from '@pictura/contract';
import type { Db } from '../../infra/db/index.js';
import { userContact } from '../accounts/index.js';
import type { MailOutbox } from '../mail/index.js';
import { nextReceiptNumber } from './counter.js';
import { receiptMail } from './mail.js';
import {
  receipts,
  type ReceiptBuyer,
  type ReceiptLine,
  type ReceiptRow,
  type ReceiptSeller,
} from './schema.js';

/** What issuing needs of the app: the seller's details and the outbox for the receipt's mail. */
export interface ReceiptIssuer {
  readonly seller: ReceiptSeller;
  readonly outbox: MailOutbox;
}

/** The billing details as typed at checkout or deposit; the email is the account's. */
export type BillingDetails = Omit<ReceiptBuyer, 'email' | 'name'> & {
  firstName: string;
  lastName: string;
};

export type ReceiptSubject =
  | { kind: 'order'; orderId: number; paymentId?: undefined }
  | { kind: 'deposit'; paymentId: string; orderId?: undefined };

export interface ReceiptInput {
  userId: string;
  subject: ReceiptSubject;
  currency: Currency;
  billing: BillingDetails;
  lines: readonly ReceiptLine[];
}

/**
 * Issues the receipt of a paid order or a credited deposit in `tx`, the transaction that marked it
 * paid or credited it, and queues its mail (the order paid or deposit credited mail, with the PDF
 * attached when it is sent). The number is taken last, under the counter's lock (counter.ts).
 */
export async function issueReceipt(
  tx: Db,
  issuer: ReceiptIssuer,
  input: ReceiptInput,
): Promise<ReceiptRow> {
  const contact = await userContact(tx, input.userId);
  const { firstName, lastName, ...address } = input.billing;
  const buyer: ReceiptBuyer = {
    ...address,
    name: `${firstName} ${lastName}`.trim(),
    email: contact.email,
  };
  const total = input.lines.reduce((sum, line) => sum + line.gross, 0);
  const vatTotal = input.lines.reduce((sum, line) => sum + line.vat, 0);
  const number = await nextReceiptNumber(tx);
  const [receipt] = await tx
    .insert(receipts)
    .values({
      number,
      userId: input.userId,
      kind: input.subject.kind,
      orderId: input.subject.orderId ?? null,
      paymentId: input.subject.paymentId ?? null,
      currency: input.currency,
      total,
      vatTotal,
      seller: { ...issuer.seller },
      buyer,
      lines: [...input.lines],
    })
    .returning();
  if (!receipt) throw new Error('Receipt not written');
  await issuer.outbox.enqueue(tx, {
    ...receiptMail(contact.locale, receipt),
    to: contact.email,
    kind: receipt.kind === 'order' ? 'orderPaid' : 'depositCredited',
    reference: String(receipt.number),
  });
  return receipt;
}
