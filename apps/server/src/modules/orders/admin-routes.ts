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
import type { Db } from '../../infra/db/index.js';
import { adminOf } from '../admin/index.js';
import type { Idempotency } from '../idempotency/index.js';
import { orderDetail, searchOrders } from './admin-queries.js';
import { refundOrder } from './admin-refund.js';

export interface OrdersAdminOptions {
  db: Db;
  idempotency: Idempotency;
}

/** Orders in the back office: search, detail, refund to the balance. */
export const ordersAdminRoutes: FastifyPluginAsyncZod<OrdersAdminOptions> = async (
  app,
  { db, idempotency },
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
    async (request) => searchOrders(db, request.query),
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
    async (request) => orderDetail(db, request.params.orderId),
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
      refundOrder(db, adminOf(request).id, request.params.orderId, request.body.reason),
  );
};
