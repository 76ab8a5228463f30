import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  adminApiPaths,
  adminApiPathTo,
  AdminCustomerListSchema,
  AdminCustomerSchema,
  LedgerHistorySchema,
  type AdminCustomer,
  type AdminCustomerList,
  type Currency,
  type LedgerHistory,
} from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';

const ADMIN_CUSTOMERS_QUERY_KEY = ['admin', 'customers'] as const;

/** GET /api/admin/customers?Email=: accounts whose address contains the text, with balances. */
export const searchCustomers = (email: string, signal?: AbortSignal): Promise<AdminCustomerList> =>
  apiClient.get(adminApiPaths.customers, {
    query: { Email: email },
    schema: AdminCustomerListSchema,
    signal,
  });

export const useCustomerSearch = (email: string) =>
  useQuery({
    queryKey: [...ADMIN_CUSTOMERS_QUERY_KEY, 'search', email],
    queryFn: ({ signal }) => searchCustomers(email, signal),
    enabled: email !== '',
    staleTime: 0,
  });

/** GET /api/admin/customers/{id}: one customer with a balance per currency. */
export const getCustomer = (customerId: string, signal?: AbortSignal): Promise<AdminCustomer> =>
  apiClient.get(adminApiPathTo.customer(customerId), { schema: AdminCustomerSchema, signal });

export const useCustomer = (customerId: string) =>
  useQuery({
    queryKey: [...ADMIN_CUSTOMERS_QUERY_KEY, 'one', customerId],
    queryFn: ({ signal }) => getCustomer(customerId, signal),
    staleTime: 0,
  });

/** GET /api/admin/customers/{id}/ledger?Currency[&Before]: newest first, a page per call. */
export const getCustomerLedger = (
  customerId: string,
  currency: Currency,
  before: number | undefined,
  signal?: AbortSignal,
): Promise<LedgerHistory> =>
  apiClient.get(adminApiPathTo.customerLedger(customerId), {
    query: { Currency: currency, Before: before },
    schema: LedgerHistorySchema,
    signal,
  });

export const useCustomerLedger = (customerId: string, currency: Currency) =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...ADMIN_CUSTOMERS_QUERY_KEY, 'ledger', customerId, currency] as const,
      queryFn: ({ pageParam, signal }) =>
        getCustomerLedger(customerId, currency, pageParam, signal),
      initialPageParam: undefined as number | undefined,
      getNextPageParam: (last: LedgerHistory) => last.nextBefore ?? undefined,
      staleTime: 0,
    }),
  );
