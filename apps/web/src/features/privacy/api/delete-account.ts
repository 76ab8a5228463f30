import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { apiPaths, type DeleteAccountRequest } from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';
import { clearTokens } from '../../../lib/session';

/**
 * POST /api/privacy/account-deletion: the account is deleted and every session ends, so the
 * tokens here are forgotten and every cached answer dropped. A failure leaves everything as it was.
 */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const deleteAccount = useCallback(
    async (request: DeleteAccountRequest) => {
      setBusy(true);
      try {
        await apiClient.post(apiPaths.privacyAccountDeletion, request);
      } finally {
        setBusy(false);
      }
      clearTokens();
      queryClient.clear();
    },
    [queryClient],
  );
  return { deleteAccount, busy };
}
