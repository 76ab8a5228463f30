import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminApiPaths, SalesReportSchema, type SalesReport } from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';

export interface SalesRange {
  /** YYYY-MM-DD; both absent means the last 30 days. */
  from?: string;
  to?: string;
}

/** GET /api/admin/sales?From&To: figures per UTC day, derived from orders and generation jobs. */
export const getSalesReport = (range: SalesRange, signal?: AbortSignal): Promise<SalesReport> =>
  apiClient.get(adminApiPaths.sales, {
    query: { From: range.from, To: range.to },
    schema: SalesReportSchema,
    signal,
  });

export const getSalesReportQueryOptions = (range: SalesRange) =>
  queryOptions({
    queryKey: ['admin', 'sales', range] as const,
    queryFn: ({ signal }) => getSalesReport(range, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useSalesReport = (range: SalesRange) => useQuery(getSalesReportQueryOptions(range));
