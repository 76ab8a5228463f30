import { and, eq } from 'drizzle-orm';
import type {
  AdminSimulateDisputeRequest,
  AdminSimulateDisputeResponse,
  DisputeStage,
} from '@pictura/contract';
import { AppError } from '../../lib/index.js';
import type { Db } from '../../infra/db/index.js';
import {
  SANDBOX_SIGNATURE_HEADER,
  sandboxDisputeBody,
  signSandboxWebhook,
  type DeliverWebhook,
  type DisputeEventKind,
  type SandboxKeys,
} from '../../infra/payments/index.js';
import { randomBytes } from 'node:crypto';
import { recordAudit } from '../admin/index.js';
import { paymentEvents, payments } from './schema.js';

export interface SimulateDeps {
  db: Db;
  keys: SandboxKeys;
  deliverWebhook: DeliverWebhook;
}

/** The event a card network would send for each stage, in Stripe's words. */
const EVENT_OF: Record<DisputeStage, { kind: DisputeEventKind; status: string }> = {
  inquiry: { kind: 'created', status: 'warning_needs_response' },
  withdrawn: { kind: 'created', status: 'needs_response' },
  reinstated: { kind: 'closed', status: 'won' },
};

/**
 * POST /api/admin/payments/{paymentId}/simulate-dispute, on a sandbox shop only: the back office
 * plays the card network and sends a signed dispute event for the payment through the webhook
 * route, exactly as the sandbox provider would; what it does is whatever the webhook does. Audited.
 */
export async function simulateDispute(
  deps: SimulateDeps,
  adminId: string,
  paymentId: string,
  request: AdminSimulateDisputeRequest,
): Promise<AdminSimulateDisputeResponse> {
  const [payment] = await deps.db.select().from(payments).where(eq(payments.id, paymentId));
  if (!payment || payment.provider !== 'sandbox') throw new AppError('NOT_FOUND');
  const eventId = `evt_simulated_${randomBytes(12).toString('hex')}`;
  const { kind, status } = EVENT_OF[request.stage];
  const body = JSON.stringify(
    sandboxDisputeBody(eventId, kind, {
      reference: payment.id,
      amount: request.amount,
      currency: payment.currency,
      status,
    }),
  );
  const answered = await deps.deliverWebhook(body, {
    [SANDBOX_SIGNATURE_HEADER]: signSandboxWebhook(body, deps.keys.webhook),
  });
  if (answered !== 200) throw new Error(`Simulated dispute answered ${answered}`);
  const [event] = await deps.db
    .select({ outcome: paymentEvents.outcome })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.provider, 'sandbox'), eq(paymentEvents.eventId, eventId)));
  const outcome = event?.outcome ?? 'unknown';
  await recordAudit(deps.db, {
    actorId: adminId,
    action: 'payment.simulateDispute',
    entity: 'payment',
    entityId: payment.id,
    before: null,
    after: { ...request, eventId, outcome },
  });
  return { eventId, outcome };
}
