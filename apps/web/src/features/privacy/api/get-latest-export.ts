import { useQuery } from '@tanstack/react-query';
import { apiPaths, LatestDataExportResponseSchema, type DataExport } from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';

export const dataExportKey = ['privacy', 'export'] as const;

/** How often the page asks how far the export is while it is being made. */
export const EXPORT_POLL_MS = 1_000;

export const isExportInProgress = (value: DataExport | null | undefined): boolean =>
  value?.status === 'queued' || value?.status === 'running';

/** GET /api/privacy/exports: the newest export (null when none), polled while it is made. */
export const getLatestExport = async (signal?: AbortSignal): Promise<DataExport | null> =>
  (await apiClient.get(apiPaths.privacyExports, { schema: LatestDataExportResponseSchema, signal }))
    .export;

export const useLatestExport = () =>
  useQuery({
    queryKey: dataExportKey,
    queryFn: ({ signal }) => getLatestExport(signal),
    staleTime: 0,
    refetchInterval: (query) => (isExportInProgress(query.state.data) ? EXPORT_POLL_MS : false),
  });
