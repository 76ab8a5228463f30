import {
  apiPaths,
  SupportTicketResponseSchema,
  type SupportTicketRequest,
  type SupportTicketResponse,
} from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';

/**
 * POST /api/support/create-ticket. The client adds the Bearer token when the user is signed in, so
 * the server links the ticket to the account.
 */
export function createTicket(request: SupportTicketRequest): Promise<SupportTicketResponse> {
  return apiClient.post(apiPaths.supportCreateTicket, request, {
    schema: SupportTicketResponseSchema,
  });
}
