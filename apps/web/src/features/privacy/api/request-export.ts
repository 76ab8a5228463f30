import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, DataExportSchema, type DataExport } from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';
import { dataExportKey } from './get-latest-export';

/** POST /api/privacy/exports: a new export is queued (202); the page then follows its progress. */
export const requestExport = (): Promise<DataExport> =>
  apiClient.post(apiPaths.privacyExports, undefined, {
    schema: DataExportSchema,
    successStatuses: [202],
  });

export function useRequestExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestExport,
    onSuccess: (created) => queryClient.setQueryData(dataExportKey, created),
  });
}
