import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiPaths,
  ErrorBodySchema,
  OrderIdParamsSchema,
  OrderGiftCardCodeListSchema,
  OrderListSchema,
  OrderRequestSchema,
  PaymentLinkResponseSchema,
} from '@pictura/contract';
import type { AppConfig } from '../../config.js';
import { shopUrlFor } from '../../http/shop-url.js';
import { requireUser, requireVerifiedEmail, userOf } from '../accounts/index.js';
import type { Idempotency, RecordingIdempotency } from '../idempotency/index.js';
import type { OrdersService } from './service.js';

export interface OrdersRoutesOptions {
  service: OrdersService;
  config: Pick<AppConfig, 'publicUrl' | 'publicUrlSet' | 'port'>;
  idempotency: Idempotency;
  /**
   * Placing an order's Idempotency-Key, recorded in the order's own transaction, so that a retry
   * after a crash finds the order instead of placing a second one.
   */
  orderKeys: RecordingIdempotency;
}

const tags = ['orders'];
// The global /api rate limit is enough: placing an order only opens a payment page.
const moneyErrors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  409: ErrorBodySchema,
  429: ErrorBodySchema,
  503: ErrorBodySchema,
};

/** GET and POST /api/orders (docs/product/money.md#orders), and paying a failed order again. */
export const ordersRoutes: FastifyPluginAsyncZod<OrdersRoutesOptions> = async (
  app,
  { service, config, idempotency, orderKeys },
) => {
  app.post(
    apiPaths.orders,
    {
      preValidation: [requireUser, requireVerifiedEmail],
      preHandler: orderKeys.preHandler,
      onSend: orderKeys.onSend,
      schema: {
        tags,
        summary:
          'Place an order: prices come from the catalog; answers where to pay (Idempotency-Key accepted)',
        body: OrderRequestSchema,
        response: { 200: PaymentLinkResponseSchema, ...moneyErrors },
      },
    },
    async (request) =>
      service.placeOrder(userOf(request).id, request.body, {
        shopUrl: shopUrlFor(config, request),
        inTransaction: (tx, orderId) => orderKeys.record(request, tx, String(orderId)),
      }),
  );

  app.get(
    apiPaths.orders,
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'My orders, newest first (gift cards without their codes)',
        response: { 200: OrderListSchema, 401: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      // Billing details and payment links are the user's own: no shared cache may keep them.
      reply.header('cache-control', 'private, no-store');
      return service.listOrders(userOf(request).id);
    },
  );

  app.get(
    `${apiPaths.orders}/:orderId/gift-card-codes`,
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: "The full codes of my order's gift cards, until each is redeemed",
        params: OrderIdParamsSchema,
        response: {
          200: OrderGiftCardCodeListSchema,
          401: ErrorBodySchema,
          404: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      // Gift card codes are money: no cache of any kind may keep them.
      reply.header('cache-control', 'private, no-store');
      return service.orderGiftCardCodes(userOf(request).id, request.params.orderId);
    },
  );

  app.post(
    `${apiPaths.orders}/:orderId/pay`,
    {
      preValidation: requireUser,
      preHandler: idempotency.preHandler,
      onSend: idempotency.onSend,
      schema: {
        tags,
        summary:
          'Pay a failed order again (its whole total, by card), or get the link of a pending one',
        params: OrderIdParamsSchema,
        response: { 200: PaymentLinkResponseSchema, 404: ErrorBodySchema, ...moneyErrors },
      },
    },
    async (request) =>
      service.payOrderAgain(
        userOf(request).id,
        request.params.orderId,
        shopUrlFor(config, request),
      ),
  );
};
