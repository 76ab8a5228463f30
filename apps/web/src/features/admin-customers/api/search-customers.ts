import { useQuery } from '@tanstack/react-query';
import { adminApiPaths, AdminCustomerListSchema, type AdminCustomerList } from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';

/** The prefix of every customer query of the back office. */
export const ADMIN_CUSTOMERS_QUERY_KEY = ['admin', 'customers'] as const;

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
