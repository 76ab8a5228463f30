import type { DeleteAccountRequest } from '@pictura/contract';
import { deleteAccount, deletionPreview, type DeletionDeps } from './account-deletion.js';
import { createExportService, type ExportServiceDeps } from './export-service.js';

/** Data rights: a copy of one's data, and deleting the account. */
export function createPrivacyService(deps: ExportServiceDeps & DeletionDeps) {
  return {
    ...createExportService(deps),
    deletionPreview: (userId: string) => deletionPreview(deps.db, userId),
    deleteAccount: (userId: string, input: DeleteAccountRequest) =>
      deleteAccount(deps, userId, input.password),
  };
}

export type PrivacyService = ReturnType<typeof createPrivacyService>;
