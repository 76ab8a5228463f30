import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiPaths,
  DepositRequestSchema,
  ErrorBodySchema,
  PaymentLinkResponseSchema,
} from '@pictura/contract';
import { requireUser, requireVerifiedEmail, userOf } from '../accounts/index.js';
import type { Idempotency } from '../idempotency/index.js';
import { shopUrlFor } from '../../http/shop-url.js';
import type { AppConfig } from '../../config.js';
import type { WalletService } from './service.js';

export interface WalletRoutesOptions {
  config: Pick<AppConfig, 'publicUrl' | 'publicUrlSet' | 'port'>;
  service: WalletService;
  idempotency: Idempotency;
}

const tags = ['balance'];

/**
 * POST /api/balance/deposit (docs/product/money.md#deposits): a payment link to top the balance up.
 */
export const walletRoutes: FastifyPluginAsyncZod<WalletRoutesOptions> = async (
  app,
  { config, service, idempotency },
) => {
  app.post(
    apiPaths.balanceDeposit,
    {
      // The global /api rate limit is enough: a deposit only opens a payment page, and paying
      // it is the provider's business.
      preValidation: [requireUser, requireVerifiedEmail],
      preHandler: idempotency.preHandler,
      onSend: idempotency.onSend,
      schema: {
        tags,
        summary: 'Top up my balance: the payment link for the amount (Idempotency-Key accepted)',
        body: DepositRequestSchema,
        response: {
          200: PaymentLinkResponseSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          409: ErrorBodySchema,
          429: ErrorBodySchema,
          503: ErrorBodySchema,
        },
      },
    },
    async (request) =>
      service.startDeposit(userOf(request).id, request.body, shopUrlFor(config, request)),
  );
};
