import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiPaths,
  ErrorBodySchema,
  PaymentIdParamsSchema,
  PaymentProviderSchema,
  PaymentResultSchema,
} from '@pictura/contract';
import { AppError } from '../../lib/index.js';
import { requireUser, userOf } from '../accounts/index.js';
import type { PaymentsService } from './service.js';

const tags = ['payments'];

/** Webhooks are signed over the exact bytes received, so this scope keeps JSON bodies raw. */
const webhookRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService }> = async (
  app,
  { payments },
) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
    done(null, body);
  });

  app.post(
    `${apiPaths.paymentsWebhook}/:provider`,
    {
      // A provider sends every shop's webhooks from a few addresses: the per-IP limit would drop
      // them at busy times, and each one is signed, so it is not limited.
      config: { rateLimit: false },
      schema: {
        tags,
        summary: "The payment provider's signed notifications (not for browsers)",
        params: z.strictObject({ provider: PaymentProviderSchema }),
        response: { 200: z.object({ received: z.literal(true) }), 400: ErrorBodySchema },
      },
    },
    async (request) => {
      if (request.params.provider !== payments.provider) throw new AppError('NOT_FOUND');
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const accepted = await payments.handleWebhook({ rawBody, headers: request.headers });
      if (!accepted) throw new AppError('VALIDATION', { '': 'Invalid webhook signature.' });
      return { received: true as const };
    },
  );
};

/** The payment provider's webhooks, and the result of a payment for the page the shopper returns to. */
export const paymentsRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService }> = async (
  app,
  { payments },
) => {
  await app.register(webhookRoutes, { payments });

  app.get(
    `${apiPaths.payments}/:paymentId`,
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'One of my payments: its status after the payment page',
        params: PaymentIdParamsSchema,
        response: { 200: PaymentResultSchema, 401: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request) => payments.result(userOf(request).id, request.params.paymentId),
  );
};
