import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  PAYMENT_RESULT_QUERY,
  paths,
  type Currency,
  type PaymentPurpose,
  type PaymentResult,
} from '@pictura/contract';
import { AppError } from '../../lib/index.js';
import type { Db } from '../../infra/db/index.js';
import {
  isIgnored,
  isReversal,
  type BrowserInfo,
  type GatewayEvent,
  type PaymentCustomer,
  type PaymentEvent,
  type PaymentGateway,
  type PaymentReversalEvent,
  type WebhookRequest,
} from '../../infra/payments/index.js';
import type { MailOutbox } from '../mail/index.js';
import type { ReceiptSeller } from '../receipts/index.js';
import { refundLatePayment, retryLateRefunds } from './late-refund.js';
import { paymentEvents, payments, type PaymentEventOutcome, type PaymentRow } from './schema.js';
import { applyReversal } from './reverse.js';
import {
  isOpen,
  lockPayment,
  lockPaymentByProviderId,
  ownerDeleted,
  SettlementRegistry,
  type SettlementHandlers,
} from './settle.js';
import { expireOverdue, reconcileProcessing } from './sweep.js';

export interface NewPayment {
  userId: string;
  purpose: PaymentPurpose;
  orderId: number | null;
  amount: number;
  currency: Currency;
  expiresAt: Date;
}

export interface OpenPaymentDetails {
  /**
   * The shop's address the shopper is using (http/shop-url.ts), which the provider returns them to;
   * undefined: PUBLIC_URL.
   */
  shopUrl?: string;
  description: string;
  customer: PaymentCustomer;
  browser: BrowserInfo;
  locale: string;
}

export interface PaymentsServiceDeps {
  db: Db;
  gateway: PaymentGateway;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** Mails the customer about disputes and refunds made at the provider. */
  outbox?: MailOutbox;
  /** The seller on the credit notes those issue (config.shop). */
  seller?: ReceiptSeller;
  /** Told of disputes and refunds in another currency than their payment's (SUPPORT_EMAIL). */
  shopEmail?: string;
}

export function createPaymentsService({
  db,
  gateway,
  publicUrl,
  log,
  outbox,
  seller,
  shopEmail,
}: PaymentsServiceDeps) {
  const settlements = new SettlementRegistry();
  const lateRefunds = { db, gateway, log };
  const reversals = {
    provider: gateway.provider,
    settlements,
    log,
    publicUrl,
    ...(outbox ? { outbox } : {}),
    ...(seller ? { seller } : {}),
    ...(shopEmail ? { shopEmail } : {}),
  };

  const resultUrl = (paymentId: string, shopUrl: string = publicUrl): string =>
    `${shopUrl}${paths.paymentResult}?${PAYMENT_RESULT_QUERY}=${paymentId}`;

  /**
   * What an event does to the payment it names (locked): an outcome for an open payment settles
   * it; `processing` only marks a pending one; a success after the shop gave up makes it late.
   */
  async function applyToPayment(
    tx: Db,
    payment: PaymentRow,
    event: PaymentEvent,
  ): Promise<PaymentEventOutcome> {
    if (payment.amount !== event.amount || payment.currency !== event.currency) {
      log.warn(
        { eventId: event.eventId, paymentId: payment.id },
        'Payment event amount or currency differs from the payment; nothing credited',
      );
      // Only a success took money: a failure, an expiry or a delayed debit under way with other
      // figures is recorded but is no capture for the back office to refund.
      return event.type === 'succeeded' ? 'mismatch' : 'ignored';
    }
    if (event.type === 'processing') {
      if (payment.status !== 'pending') return 'ignored';
      await tx.update(payments).set({ status: 'processing' }).where(eq(payments.id, payment.id));
      return 'applied';
    }
    if (isOpen(payment) && event.type === 'succeeded' && (await ownerDeleted(tx, payment))) {
      await settlements.settleForDeletedOwner(tx, payment, event.providerSessionId);
      log.warn(
        { eventId: event.eventId, paymentId: payment.id },
        'Payment succeeded for a deleted account: refunding it at the provider',
      );
      return 'late';
    }
    if (isOpen(payment)) {
      const delivered = await settlements.settleLocked(
        tx,
        payment,
        event.type,
        event.failureReason,
      );
      return delivered ? 'applied' : 'undelivered';
    }
    if (
      event.type === 'succeeded' &&
      (payment.status === 'failed' || payment.status === 'expired')
    ) {
      await tx
        .update(payments)
        .set({
          status: 'late',
          providerSessionId: payment.providerSessionId ?? event.providerSessionId,
        })
        .where(eq(payments.id, payment.id));
      log.warn(
        { eventId: event.eventId, paymentId: payment.id, status: payment.status },
        'Payment succeeded after it was settled as failed or expired: refunding it at the provider',
      );
      return 'late';
    }
    return 'ignored';
  }

  async function refundLateSafely(paymentId: string): Promise<void> {
    try {
      await refundLatePayment(lateRefunds, paymentId);
    } catch (err) {
      log.error({ err, paymentId }, 'Could not refund a late payment; the next sweep retries');
    }
  }

  /** The payment an event is about, locked: by our reference, or by the provider's payment id. */
  async function lockPaymentOf(tx: Db, event: PaymentEvent | PaymentReversalEvent) {
    if (event.reference !== undefined) return lockPayment(tx, event.reference);
    if (isReversal(event) && event.providerPaymentId !== undefined) {
      return lockPaymentByProviderId(tx, event.providerPaymentId);
    }
    return undefined;
  }

  /** Records the event once (by provider event id) and applies it if it fits a pending payment. */
  async function applyEvent(event: GatewayEvent): Promise<PaymentEventOutcome | 'replay'> {
    if (isIgnored(event)) {
      // Recorded (once) for the back office and the audit trail; nothing else happens.
      const [recorded] = await db
        .insert(paymentEvents)
        .values({
          provider: gateway.provider,
          eventId: event.eventId,
          type: event.providerType,
          amount: 0,
          currency: '',
          outcome: 'ignored',
        })
        .onConflictDoNothing()
        .returning({ eventId: paymentEvents.eventId });
      return recorded ? 'ignored' : 'replay';
    }
    return db.transaction(async (tx) => {
      const [recorded] = await tx
        .insert(paymentEvents)
        .values({
          provider: gateway.provider,
          eventId: event.eventId,
          type:
            isReversal(event) && event.disputeStage ? `disputed.${event.disputeStage}` : event.type,
          amount: event.amount,
          currency: event.currency,
          outcome: 'unknown',
        })
        .onConflictDoNothing()
        .returning({ eventId: paymentEvents.eventId });
      if (!recorded) return 'replay';

      const payment = await lockPaymentOf(tx, event);
      let outcome: PaymentEventOutcome;
      if (payment && isReversal(event)) {
        outcome = await applyReversal(reversals, tx, payment, event);
      } else if (payment && !isReversal(event)) {
        // Disputes and refunds made at Stripe name only its PaymentIntent: keep it once paid.
        if (event.providerPaymentId && !payment.providerPaymentId) {
          await tx
            .update(payments)
            .set({ providerPaymentId: event.providerPaymentId })
            .where(eq(payments.id, payment.id));
        }
        outcome = await applyToPayment(tx, payment, event);
      } else {
        outcome = 'unknown';
        log.warn({ eventId: event.eventId }, 'Payment event for an unknown payment ignored');
      }
      await tx
        .update(paymentEvents)
        .set({ outcome, paymentId: payment?.id ?? null })
        .where(
          and(
            eq(paymentEvents.provider, gateway.provider),
            eq(paymentEvents.eventId, event.eventId),
          ),
        );
      return outcome;
    });
  }

  return {
    provider: gateway.provider,

    /** Called once per purpose by the module that owns it (orders, deposits). */
    onSettled(purpose: PaymentPurpose, purposeHandlers: SettlementHandlers): void {
      settlements.register(purpose, purposeHandlers);
    },

    /** Writes a pending payment in the caller's transaction; `open` it after that commits. */
    async create(tx: Db, payment: NewPayment): Promise<PaymentRow> {
      const [row] = await tx
        .insert(payments)
        .values({ ...payment, provider: gateway.provider })
        .returning();
      if (!row) throw new Error('Payment not written');
      return row;
    },

    /**
     * Asks the provider for a payment page. Outside any transaction: the provider may be slow. When
     * it fails, the payment is settled as failed (so a balance part comes back) and the caller gets
     * a 503.
     */
    async open(payment: PaymentRow, details: OpenPaymentDetails): Promise<string> {
      const { shopUrl, ...shown } = details;
      try {
        const session = await gateway.createSession({
          reference: payment.id,
          amount: payment.amount,
          currency: payment.currency,
          returnUrl: resultUrl(payment.id, shopUrl),
          expiresAt: payment.expiresAt,
          ...shown,
        });
        await db
          .update(payments)
          .set({ providerSessionId: session.providerSessionId, paymentLink: session.paymentLink })
          .where(eq(payments.id, payment.id));
        return session.paymentLink;
      } catch (err) {
        log.error({ err, paymentId: payment.id }, 'Payment provider refused a payment session');
        await db.transaction(async (tx) => {
          const locked = await lockPayment(tx, payment.id);
          if (locked?.status === 'pending') await settlements.settleLocked(tx, locked, 'failed');
        });
        throw new AppError('SERVICE_UNAVAILABLE', {
          '': 'The payment service is not available right now. Nothing was charged; please try again.',
        });
      }
    },

    /** The shop's page the provider sends the shopper back to. */
    resultUrl,

    /** Verifies and applies a webhook; false when its signature or timestamp is not acceptable. */
    async handleWebhook(request: WebhookRequest): Promise<boolean> {
      const parsed = gateway.parseWebhook(request);
      if (parsed.kind === 'invalid') {
        log.warn({ provider: gateway.provider, reason: parsed.reason }, 'Webhook refused');
        return false;
      }
      for (const event of parsed.events) {
        const outcome = await applyEvent(event);
        // After the commit that made the payment late; the sweep retries a refund that fails.
        if (outcome === 'late' && event.type === 'succeeded')
          await refundLateSafely(event.reference);
      }
      return true;
    },

    /** See sweep.ts: pending payments past their deadline, after asking their provider. */
    expireOverdue: (now: Date = new Date()): Promise<number> =>
      expireOverdue({ db, gateway, settlements, log }, now),

    /** See sweep.ts: processing payments whose outcome has not arrived, asked at their provider. */
    reconcileProcessing: (now: Date = new Date()): Promise<number> =>
      reconcileProcessing({ db, gateway, settlements, log }, now),

    /** Refunds late payments whose automatic refund failed before (the provider was down). */
    retryLateRefunds: (): Promise<number> => retryLateRefunds(lateRefunds),

    /** A payment as its owner's result page sees it; anyone else's is a 404. */
    async result(userId: string, paymentId: string): Promise<PaymentResult> {
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.id, paymentId), eq(payments.userId, userId)));
      if (!row) throw new AppError('NOT_FOUND');
      return {
        id: row.id,
        purpose: row.purpose,
        status: row.status,
        amount: row.amount,
        currency: row.currency,
        orderId: row.orderId,
        failureReason: row.failureReason,
      };
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
