import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  PAYMENT_RESULT_QUERY,
  paths,
  type Currency,
  type PaymentFailureReason,
  type PaymentPurpose,
  type PaymentResult,
} from '@pictura/contract';
import { AppError } from '../../http/app-error.js';
import type { Db } from '../../infra/db/index.js';
import type {
  BrowserInfo,
  PaymentCustomer,
  PaymentEvent,
  PaymentGateway,
  WebhookRequest,
} from '../../infra/payments/gateway.js';
import { paymentEvents, payments, type PaymentEventOutcome, type PaymentRow } from './schema.js';

/** What the module that asked for a payment does when it settles; runs in the settling transaction. */
export interface SettlementHandlers {
  succeeded(tx: Db, payment: PaymentRow): Promise<void>;
  /** The payment will never succeed: declined, abandoned or out of time. */
  failed(tx: Db, payment: PaymentRow, status: 'failed' | 'expired'): Promise<void>;
}

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
}

/** A pending payment is expired this long after its own deadline, so a provider's late answer wins. */
export const EXPIRY_GRACE_MS = 2 * 60_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createPaymentsService({ db, gateway, publicUrl, log }: PaymentsServiceDeps) {
  const handlers = new Map<PaymentPurpose, SettlementHandlers>();

  const resultUrl = (paymentId: string, shopUrl: string = publicUrl): string =>
    `${shopUrl}${paths.paymentResult}?${PAYMENT_RESULT_QUERY}=${paymentId}`;

  const handlersFor = (purpose: PaymentPurpose): SettlementHandlers => {
    const found = handlers.get(purpose);
    if (!found) throw new Error(`No settlement handlers for ${purpose} payments`);
    return found;
  };

  /** Settles a pending payment (locked by the caller) and tells its owner module, in `tx`. */
  async function settleLocked(
    tx: Db,
    payment: PaymentRow,
    status: 'succeeded' | 'failed' | 'expired',
    failureReason?: PaymentFailureReason,
  ): Promise<void> {
    // Expiry is its own reason; a failure keeps the provider's, if it gave one.
    const reason =
      status === 'expired' ? 'expired' : status === 'failed' ? failureReason : undefined;
    const [settled] = await tx
      .update(payments)
      .set({ status, settledAt: sql`now()`, failureReason: reason ?? null })
      .where(eq(payments.id, payment.id))
      .returning();
    if (!settled) return;
    const purposeHandlers = handlersFor(settled.purpose);
    if (status === 'succeeded') await purposeHandlers.succeeded(tx, settled);
    else await purposeHandlers.failed(tx, settled, status);
  }

  async function lockPayment(tx: Db, paymentId: string): Promise<PaymentRow | undefined> {
    if (!UUID.test(paymentId)) return undefined;
    const [row] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    return row;
  }

  /** Records the event once (by provider event id) and applies it if it fits a pending payment. */
  async function applyEvent(event: PaymentEvent): Promise<PaymentEventOutcome | 'replay'> {
    return db.transaction(async (tx) => {
      const [recorded] = await tx
        .insert(paymentEvents)
        .values({
          provider: gateway.provider,
          eventId: event.eventId,
          type: event.type,
          amount: event.amount,
          currency: event.currency,
          outcome: 'unknown',
        })
        .onConflictDoNothing()
        .returning({ eventId: paymentEvents.eventId });
      if (!recorded) return 'replay';

      const payment = await lockPayment(tx, event.reference);
      let outcome: PaymentEventOutcome;
      if (!payment) {
        outcome = 'unknown';
        log.warn({ eventId: event.eventId }, 'Payment event for an unknown payment ignored');
      } else if (payment.amount !== event.amount || payment.currency !== event.currency) {
        outcome = 'mismatch';
        log.warn(
          { eventId: event.eventId, paymentId: payment.id },
          'Payment event amount or currency differs from the payment; nothing credited',
        );
      } else if (payment.status !== 'pending') {
        outcome = event.type === 'succeeded' && payment.status !== 'succeeded' ? 'late' : 'ignored';
        if (outcome === 'late') {
          log.error(
            { eventId: event.eventId, paymentId: payment.id, status: payment.status },
            'Payment succeeded after it was settled as failed or expired: refund it by hand',
          );
        }
      } else {
        outcome = 'applied';
        await settleLocked(tx, payment, event.type, event.failureReason);
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
      handlers.set(purpose, purposeHandlers);
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
          if (locked?.status === 'pending') await settleLocked(tx, locked, 'failed');
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
      for (const event of parsed.events) await applyEvent(event);
      return true;
    },

    /**
     * Settles, as the provider would not, pending payments past their deadline and its grace.
     * Answers how many this call settled (another process sweeping at once settles the rest). One
     * payment whose settlement fails is logged and left for the next sweep; the others still go.
     */
    async expireOverdue(now: Date = new Date()): Promise<number> {
      const overdue = await db
        .select({ id: payments.id })
        .from(payments)
        .where(
          and(
            eq(payments.status, 'pending'),
            lt(payments.expiresAt, new Date(now.getTime() - EXPIRY_GRACE_MS)),
          ),
        )
        .orderBy(payments.expiresAt)
        .limit(500);
      let settled = 0;
      for (const { id } of overdue) {
        try {
          const expired = await db.transaction(async (tx) => {
            const locked = await lockPayment(tx, id);
            if (locked?.status !== 'pending') return false;
            await settleLocked(tx, locked, 'expired');
            return true;
          });
          if (expired) settled += 1;
        } catch (err) {
          log.error({ err, paymentId: id }, 'Could not expire an overdue payment');
        }
      }
      return settled;
    },

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
