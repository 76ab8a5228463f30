import {
  apiPaths,
  UndoEmailChangeResponseSchema,
  type UndoEmailChangeRequest,
  type UndoEmailChangeResponse,
} from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';

/** POST /api/accounts/undo-email-change: the mailed link's user and token; answers the address back. */
export const undoEmailChange = (
  request: UndoEmailChangeRequest,
): Promise<UndoEmailChangeResponse> =>
  apiClient.post(apiPaths.accountsUndoEmailChange, request, {
    schema: UndoEmailChangeResponseSchema,
  });
