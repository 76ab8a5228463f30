import { useQuery } from '@tanstack/react-query';
import {
  AccountDeletionPreviewSchema,
  apiPaths,
  type AccountDeletionPreview,
} from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';

export const deletionPreviewKey = ['privacy', 'deletion-preview'] as const;

/** GET /api/privacy/account-deletion: the balances deleting the account forfeits, read fresh. */
export const getDeletionPreview = (signal?: AbortSignal): Promise<AccountDeletionPreview> =>
  apiClient.get(apiPaths.privacyAccountDeletion, { schema: AccountDeletionPreviewSchema, signal });

export const useDeletionPreview = () =>
  useQuery({
    queryKey: deletionPreviewKey,
    queryFn: ({ signal }) => getDeletionPreview(signal),
    staleTime: 0,
  });
