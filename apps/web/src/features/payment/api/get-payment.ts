import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiPathTo, PaymentResultSchema, type PaymentResult } from '@pictura/contract';
import { ApiError, apiClient } from '../../../lib/api-client';

/** How often a pending payment is asked about, and for how long before the page stops asking. */
export const PAYMENT_POLL_MS = 2_000;
export const PAYMENT_POLL_GIVE_UP_MS = 120_000;

/** GET /api/payments/{paymentId}: the owner's payment; 404 for anyone else's or an unknown id. */
export const getPayment = (paymentId: string, signal?: AbortSignal): Promise<PaymentResult> =>
  apiClient.get(apiPathTo.payment(paymentId), { schema: PaymentResultSchema, signal });

export const isPaymentNotFound = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 404;

/**
 * The payment, asked about every PAYMENT_POLL_MS while it is pending (the provider's webhook may
 * arrive after the shopper), until PAYMENT_POLL_GIVE_UP_MS have passed: then `gaveUp` is true
 * and `checkAgain` starts another round.
 */
export function usePaymentResult(paymentId: string, enabled: boolean) {
  const [round, setRound] = useState(0);
  const [gaveUp, setGaveUp] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setGaveUp(true), PAYMENT_POLL_GIVE_UP_MS);
    return () => clearTimeout(timer);
  }, [round, paymentId]);

  const query = useQuery({
    queryKey: ['payments', paymentId],
    queryFn: ({ signal }) => getPayment(paymentId, signal),
    enabled: enabled && paymentId !== '',
    staleTime: 0,
    refetchInterval: (current) =>
      current.state.data?.status === 'pending' && !gaveUp ? PAYMENT_POLL_MS : false,
  });

  const checkAgain = () => {
    setGaveUp(false);
    setRound((value) => value + 1);
    void query.refetch();
  };

  return { ...query, gaveUp: gaveUp && query.data?.status === 'pending', checkAgain };
}
