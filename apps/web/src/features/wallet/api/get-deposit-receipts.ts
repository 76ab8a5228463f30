import { useQuery } from '@tanstack/react-query';
import { apiPaths, DepositReceiptListSchema, type DepositReceipt } from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';
import { balanceKeys } from '../../../lib/query-keys';

/** GET /api/balance/receipts: the receipts of my credited deposits, newest first. */
export const getDepositReceipts = (signal?: AbortSignal): Promise<DepositReceipt[]> =>
  apiClient.get(apiPaths.balanceReceipts, { schema: DepositReceiptListSchema, signal });

/** Under the balance's key, so a credited deposit refreshes the list with the balances. */
export const useDepositReceipts = () =>
  useQuery({
    queryKey: [...balanceKeys.all, 'receipts'],
    queryFn: ({ signal }) => getDepositReceipts(signal),
  });
