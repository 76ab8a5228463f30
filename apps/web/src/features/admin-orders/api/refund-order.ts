import {
  adminApiPathTo,
  AdminRefundResponseSchema,
  type AdminRefundRequest,
  type AdminRefundResponse,
} from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';
import { IDEMPOTENCY_HEADER, newIdempotencyKey } from '../../../lib/idempotency-key';

/**
 * POST /api/admin/orders/{id}/refund with a fresh Idempotency-Key per confirmation, so a retried
 * request cannot refund twice; a second refund is a 409 anyway.
 */
export const refundOrder = (
  orderId: number,
  request: AdminRefundRequest,
): Promise<AdminRefundResponse> =>
  apiClient.post(adminApiPathTo.orderRefund(orderId), request, {
    schema: AdminRefundResponseSchema,
    headers: { [IDEMPOTENCY_HEADER]: newIdempotencyKey() },
  });
