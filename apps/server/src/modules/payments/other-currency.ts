import type { PaymentProvider } from '@pictura/contract';
import type { Db } from '../../infra/db/index.js';
import {
  escapeHtml,
  htmlDocument,
  link,
  paragraph,
  type MailMessage,
} from '../../infra/mail/index.js';
import type { PaymentReversalEvent } from '../../infra/payments/index.js';
import type { MailOutbox } from '../mail/index.js';
import { otherCurrencyReversals, type PaymentRow } from './schema.js';

export interface OtherCurrencyDeps {
  provider: PaymentProvider;
  outbox?: MailOutbox;
  /** Where the shop's team reads mail (SUPPORT_EMAIL, as for support tickets). */
  shopEmail?: string;
  publicUrl: string;
}

/** The notice to the shop, in English like the ticket notifications. */
export function otherCurrencyReversalMail(
  payment: Pick<PaymentRow, 'id' | 'amount' | 'currency' | 'orderId'>,
  event: PaymentReversalEvent,
  backOfficeLink: string,
): Omit<MailMessage, 'to'> {
  const what = event.type === 'disputed' ? 'A dispute' : 'A refund made at the provider';
  const subject = `${what} in ${event.currency} of a ${payment.currency} payment waits for you`;
  const facts: Array<[string, string]> = [
    [
      'Event',
      `${event.eventId} (${event.type}${event.disputeStage ? `, ${event.disputeStage}` : ''})`,
    ],
    // A provider's refund event carries the total refunded so far, not this refund alone: a person
    // adding up the mails would take back twice.
    event.type === 'disputed'
      ? ['Amount', `${event.amount} ${event.currency} (minor units)`]
      : [
          'Refunded so far',
          `${event.amount} ${event.currency} (minor units, all refunds of this payment)`,
        ],
    ['Payment', `${payment.id}: ${payment.amount} ${payment.currency} (minor units)`],
    ['For', payment.orderId === null ? 'a deposit' : `order ${payment.orderId}`],
  ];
  const advice =
    'The shop moved nothing for it: it cannot tell what that amount is worth in the payment’s ' +
    'currency. Check it in the provider’s dashboard, take back or give back by hand what it ' +
    'covers, and mark it settled in the back office.';
  return {
    subject,
    text: [
      facts.map(([label, value]) => `${label}: ${value}`).join('\n'),
      advice,
      backOfficeLink,
    ].join('\n\n'),
    html: htmlDocument(
      'en',
      subject,
      facts.map(([label, value]) => paragraph(escapeHtml(`${label}: ${value}`))).join('') +
        paragraph(escapeHtml(advice)) +
        paragraph(link(backOfficeLink)),
    ),
  };
}

/**
 * Keeps a dispute or refund in another currency than its payment's for a person, once per provider
 * event, and mails the shop in the same transaction. Nothing moves: the payment's totals stay.
 */
export async function holdOtherCurrencyReversal(
  deps: OtherCurrencyDeps,
  tx: Db,
  payment: PaymentRow,
  event: PaymentReversalEvent,
): Promise<void> {
  const [held] = await tx
    .insert(otherCurrencyReversals)
    .values({
      provider: deps.provider,
      eventId: event.eventId,
      paymentId: payment.id,
      type: event.type === 'disputed' ? 'dispute' : 'refund',
      disputeStage: event.type === 'disputed' ? (event.disputeStage ?? 'withdrawn') : null,
      amount: event.amount,
      currency: event.currency,
    })
    .onConflictDoNothing()
    .returning({ id: otherCurrencyReversals.id });
  if (!held || !deps.outbox || !deps.shopEmail) return;
  await deps.outbox.enqueue(tx, {
    kind: 'otherCurrencyReversal',
    to: deps.shopEmail,
    // The back office's orders page, where the list is (a web route, not in the contract).
    ...otherCurrencyReversalMail(payment, event, `${deps.publicUrl}/admin/orders`),
  });
}
