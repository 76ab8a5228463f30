import { apiPaths, type DepositRequest } from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';
import { depositRetryStore } from '../deposit-retry-store';
import { paymentLinkOptions } from '../payment-link-options';

/** POST /api/balance/deposit: answers the link to pay at; a started deposit is remembered for "Try again". */
export async function startDeposit(
  request: DepositRequest,
  idempotencyKey: string,
): Promise<string> {
  const { paymentLink } = await apiClient.post(
    apiPaths.balanceDeposit,
    request,
    paymentLinkOptions(idempotencyKey),
  );
  depositRetryStore.remember(request);
  return paymentLink;
}
