import {
  adminApiPathTo,
  AdminSimulateDisputeResponseSchema,
  type AdminSimulateDisputeRequest,
  type AdminSimulateDisputeResponse,
} from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';

/** POST /api/admin/payments/{id}/simulate-dispute: a test shop's back office plays a dispute. */
export const simulateDispute = (
  paymentId: string,
  request: AdminSimulateDisputeRequest,
): Promise<AdminSimulateDisputeResponse> =>
  apiClient.post(adminApiPathTo.paymentSimulateDispute(paymentId), request, {
    schema: AdminSimulateDisputeResponseSchema,
  });
