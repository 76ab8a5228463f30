import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminRoutePaths,
  AdminOrderDetailSchema,
  AdminOrderIdParamsSchema,
  AdminOrderListSchema,
  AdminOrderQuerySchema,
  AdminRefundRequestSchema,
  AdminRefundResponseSchema,
  ErrorBodySchema,
} from '@pictura/contract';
import { adminOf } from '../admin/index.js';
import type { Idempotency } from '../idempotency/index.js';
import type { OrdersService } from './service.js';

export interface OrdersAdminOptions {
  service: OrdersService;
  idempotency: Idempotency;
}

/** Orders in the back office: search, detail, refund to the balance. */
export const ordersAdminRoutes: FastifyPluginAsyncZod<OrdersAdminOptions> = async (
  app,
  { service, idempotency },
) => {
  app.get(
    adminRoutePaths.orders,
    {
      schema: {
        summary: 'Search orders by status, dates, customer address and currency; newest first',
        querystring: AdminOrderQuerySchema,
        response: { 200: AdminOrderListSchema, 400: ErrorBodySchema },
      },
    },
    async (request) => service.searchOrders(request.query),
  );

  app.get(
    adminRoutePaths.order,
    {
      schema: {
        summary: "An order's items, parts, gift card, billing, payments and their events",
        params: AdminOrderIdParamsSchema,
        response: { 200: AdminOrderDetailSchema, 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request) => service.orderDetail(request.params.orderId),
  );

  app.post(
    adminRoutePaths.orderRefund,
    {
      preHandler: idempotency.preHandler,
      onSend: idempotency.onSend,
      schema: {
        summary:
          "Refund a paid order to the buyer's balance, once (Idempotency-Key accepted); its downloads end",
        params: AdminOrderIdParamsSchema,
        body: AdminRefundRequestSchema,
        response: {
          200: AdminRefundResponseSchema,
          400: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
        },
      },
    },
    async (request) =>
      service.refundOrder(adminOf(request).id, request.params.orderId, request.body.reason),
  );
};
