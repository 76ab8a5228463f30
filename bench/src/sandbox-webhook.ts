// What the sandbox payment provider sends when a payment succeeds, for a server whose JWT_SECRET
// the bench chose: the same signed webhook the hosted sandbox page delivers after a test card.
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { CurrencySchema } from '@pictura/contract';
import {
  SANDBOX_SIGNATURE_HEADER,
  sandboxKeys,
  signSandboxWebhook,
} from '../../apps/server/src/infra/payments/index.js';

const LinkSessionSchema = z.object({
  reference: z.string(),
  providerSessionId: z.string(),
  amount: z.number().int(),
  currency: CurrencySchema,
});
type LinkSession = z.infer<typeof LinkSessionSchema>;

/** The payment behind a sandbox payment link (`...?session=<payload>.<mac>`; the payload is readable). */
export function depositPaymentOf(paymentLink: string): LinkSession {
  const [payload = ''] = (new URL(paymentLink).searchParams.get('session') ?? '').split('.');
  return LinkSessionSchema.parse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
}

/** The raw body and headers of a `payment.succeeded` webhook for `payment`. */
export function sandboxWebhook(
  payment: LinkSession,
  jwtSecret: string,
): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify({
    id: `evt_${randomBytes(12).toString('hex')}`,
    type: 'payment.succeeded',
    data: payment,
  });
  return {
    body,
    headers: {
      [SANDBOX_SIGNATURE_HEADER]: signSandboxWebhook(body, sandboxKeys(jwtSecret).webhook),
    },
  };
}
