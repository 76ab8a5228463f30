import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { adminApiPaths, AuditListSchema, type AuditList } from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';

/** GET /api/admin/audit?Before&Entity: newest first, one page per call. */
export const getAuditLog = (
  entity: string | undefined,
  before: number | undefined,
  signal?: AbortSignal,
): Promise<AuditList> =>
  apiClient.get(adminApiPaths.audit, {
    query: { Before: before, Entity: entity },
    schema: AuditListSchema,
    signal,
  });

export const getAuditLogQueryOptions = (entity: string | undefined) =>
  infiniteQueryOptions({
    queryKey: ['admin', 'audit', entity ?? null] as const,
    queryFn: ({ pageParam, signal }) => getAuditLog(entity, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last: AuditList) => last.nextBefore ?? undefined,
    staleTime: 0,
  });

export const useAuditLog = (entity: string | undefined) =>
  useInfiniteQuery(getAuditLogQueryOptions(entity));
