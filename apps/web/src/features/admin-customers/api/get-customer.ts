import { useQuery } from '@tanstack/react-query';
import { adminApiPathTo, AdminCustomerSchema, type AdminCustomer } from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';
import { ADMIN_CUSTOMERS_QUERY_KEY } from './search-customers';

/** GET /api/admin/customers/{id}: one customer with a balance per currency. */
export const getCustomer = (customerId: string, signal?: AbortSignal): Promise<AdminCustomer> =>
  apiClient.get(adminApiPathTo.customer(customerId), { schema: AdminCustomerSchema, signal });

export const useCustomer = (customerId: string) =>
  useQuery({
    queryKey: [...ADMIN_CUSTOMERS_QUERY_KEY, 'one', customerId],
    queryFn: ({ signal }) => getCustomer(customerId, signal),
    staleTime: 0,
  });
