import {
  adminApiPathTo,
  AdminCapturedRefundResponseSchema,
  type AdminCapturedRefundResponse,
} from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';

/**
 * POST /api/admin/payments/events/{eventId}/refund: captured money that did not become a sale goes
 * back through the provider. The server refunds an event once (409 after), so no key is needed.
 */
export const refundCaptured = (eventId: string): Promise<AdminCapturedRefundResponse> =>
  apiClient.post(adminApiPathTo.paymentEventRefund(eventId), undefined, {
    schema: AdminCapturedRefundResponseSchema,
  });
