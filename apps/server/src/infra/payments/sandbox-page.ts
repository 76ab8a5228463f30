import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PaymentFailureReasonSchema, type PaymentFailureReason } from '@pictura/contract';
import type { PaymentEventType } from './gateway.js';
import { testCardBehaviour } from './sandbox-cards.js';
import {
  openSandboxSession,
  SANDBOX_SIGNATURE_HEADER,
  sandboxWebhookBody,
  signSandboxWebhook,
  type SandboxKeys,
  type SandboxSession,
} from './sandbox-gateway.js';
import {
  AUTHENTICATION_ERROR,
  CARD_ERROR,
  challengePage,
  DECLINED_ERROR,
  deliveryFailedPage,
  expiredPage,
  invalidLinkPage,
  payPage,
} from './sandbox-html.js';
import { sandboxPaths } from './sandbox-paths.js';
import { SANDBOX_STYLESHEET } from './sandbox-style.js';
import { openToken, sealToken } from './signed-token.js';

/** Sends a signed webhook to the shop and answers its HTTP status (2xx: accepted). */
export type DeliverWebhook = (rawBody: string, headers: Record<string, string>) => Promise<number>;

export interface SandboxPaymentPagesOptions {
  keys: SandboxKeys;
  /**
   * The app passes `app.inject` into its own webhook route, so that delivery runs through the
   * real HTTP pipeline (body parsing, signature check, rate limit) as a provider's would.
   */
  deliverWebhook: DeliverWebhook;
}

/** A webhook that could not be delivered, sealed into the "Try again" form: same body, same id. */
const DeliverySchema = z.strictObject({
  body: z.string().min(1),
  returnUrl: z.url({ protocol: /^https?$/ }),
});
type Delivery = z.infer<typeof DeliverySchema>;
const DELIVERY_TOKEN_KIND = 'sandbox-delivery';

// A session token is a few hundred characters; the limits only stop abuse.
const TokenField = z.string().min(1).max(8_192);
const FORM_BODY_LIMIT_BYTES = 16 * 1024;
const tags = ['payments'];

const isAccepted = (status: number): boolean => status >= 200 && status < 300;

const html = (reply: FastifyReply, status: number, page: string): FastifyReply =>
  // Pages carry session tokens: no cache may keep them.
  reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(page);

/**
 * The sandbox gateway's hosted payment page: card form, 3-D Secure challenge, expiry,
 * and the signed webhook to the shop before the shopper is sent back. As on Stripe's page, a
 * declined card or a failed 3-D Secure step shows the form again for another card while the link
 * stays valid; the payment fails only when the shopper cancels it (or it expires). Registered
 * encapsulated (not through fastify-plugin), so its form parser stays out of the JSON API.
 */
export const sandboxPaymentPages: FastifyPluginAsyncZod<SandboxPaymentPagesOptions> = async (
  app,
  { keys, deliverWebhook },
) => {
  // Plain HTML forms post urlencoded bodies; URLSearchParams reads them without a dependency.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT_BYTES },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  /** Signs the body afresh (the timestamp is checked), delivers it, then sends the shopper on. */
  async function deliver(
    log: FastifyBaseLogger,
    reply: FastifyReply,
    delivery: Delivery,
    pageWhenDelivered?: string,
  ): Promise<FastifyReply> {
    const headers = {
      'content-type': 'application/json',
      [SANDBOX_SIGNATURE_HEADER]: signSandboxWebhook(delivery.body, keys.webhook),
    };
    let status = 0;
    try {
      status = await deliverWebhook(delivery.body, headers);
    } catch (err) {
      log.warn({ err }, 'sandbox webhook delivery failed');
    }
    if (isAccepted(status)) {
      if (pageWhenDelivered) return html(reply, 410, pageWhenDelivered);
      return reply.header('cache-control', 'no-store').redirect(delivery.returnUrl, 303);
    }
    log.warn({ status }, 'the shop did not accept a sandbox webhook');
    const retry = sealToken(DELIVERY_TOKEN_KIND, delivery, keys.session);
    return html(reply, 502, deliveryFailedPage(retry));
  }

  const settle = (
    log: FastifyBaseLogger,
    reply: FastifyReply,
    session: SandboxSession,
    outcome: PaymentEventType,
    failureReason?: PaymentFailureReason,
  ): Promise<FastifyReply> =>
    deliver(
      log,
      reply,
      {
        body: JSON.stringify(sandboxWebhookBody(session, outcome, keys, failureReason)),
        returnUrl: session.returnUrl,
      },
      outcome === 'expired' ? expiredPage(session) : undefined,
    );

  /** Runs `next` for a live session; a forged token or an expired session ends here. */
  async function withLiveSession(
    log: FastifyBaseLogger,
    reply: FastifyReply,
    token: string,
    next: (session: SandboxSession) => FastifyReply | Promise<FastifyReply>,
  ): Promise<FastifyReply> {
    const session = openSandboxSession(token, keys);
    if (!session) return html(reply, 400, invalidLinkPage());
    if (session.expiresAt <= Date.now()) return settle(log, reply, session, 'expired');
    return next(session);
  }

  app.get(sandboxPaths.stylesheet, { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/css; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(SANDBOX_STYLESHEET),
  );

  app.get(
    sandboxPaths.pay,
    {
      schema: {
        tags,
        summary: 'Sandbox gateway: the hosted payment page (HTML) of a payment link',
        querystring: z.object({ session: TokenField }),
      },
    },
    async (request, reply) =>
      withLiveSession(request.log, reply, request.query.session, (session) =>
        html(reply, 200, payPage(session, request.query.session)),
      ),
  );

  app.post(
    sandboxPaths.pay,
    {
      schema: {
        tags,
        summary: 'Sandbox gateway: pay with a test card (HTML form)',
        body: z.object({ session: TokenField, cardNumber: z.string().max(64) }),
      },
    },
    async (request, reply) => {
      const { session: token, cardNumber } = request.body;
      return withLiveSession(request.log, reply, token, (session) => {
        switch (testCardBehaviour(cardNumber)) {
          case 'approve':
            return settle(request.log, reply, session, 'succeeded');
          case 'decline':
            // 402 Payment Required, and no event: the payment stays open for another card.
            return html(
              reply,
              402,
              payPage(session, token, {
                cardNumber,
                message: DECLINED_ERROR,
                failureReason: 'cardDeclined',
              }),
            );
          case 'challenge':
            return html(reply, 200, challengePage(session, token));
          case undefined:
            return html(reply, 422, payPage(session, token, { cardNumber, message: CARD_ERROR }));
        }
      });
    },
  );

  app.post(
    sandboxPaths.challenge,
    {
      schema: {
        tags,
        summary: 'Sandbox gateway: answer the 3-D Secure challenge (HTML form)',
        body: z.object({ session: TokenField, outcome: z.enum(['complete', 'fail']) }),
      },
    },
    async (request, reply) => {
      const { session: token, outcome } = request.body;
      return withLiveSession(request.log, reply, token, (session) =>
        outcome === 'complete'
          ? settle(request.log, reply, session, 'succeeded')
          : html(
              reply,
              402,
              payPage(session, token, {
                cardNumber: '',
                message: AUTHENTICATION_ERROR,
                failureReason: 'authenticationFailed',
              }),
            ),
      );
    },
  );

  app.post(
    sandboxPaths.cancel,
    {
      schema: {
        tags,
        summary: 'Sandbox gateway: cancel the payment (HTML form); the shop is told it failed',
        // The last refusal shown on the page, which the shop shows as the reason it failed.
        body: z.object({ session: TokenField, reason: PaymentFailureReasonSchema.optional() }),
      },
    },
    async (request, reply) =>
      withLiveSession(request.log, reply, request.body.session, (session) =>
        settle(request.log, reply, session, 'failed', request.body.reason),
      ),
  );

  app.post(
    sandboxPaths.redeliver,
    {
      schema: {
        tags,
        summary: 'Sandbox gateway: send a webhook the shop did not accept again (HTML form)',
        body: z.object({ delivery: TokenField }),
      },
    },
    async (request, reply) => {
      const delivery = DeliverySchema.safeParse(
        openToken(DELIVERY_TOKEN_KIND, request.body.delivery, keys.session),
      );
      if (!delivery.success) return html(reply, 400, invalidLinkPage());
      return deliver(request.log, reply, delivery.data);
    },
  );
};
