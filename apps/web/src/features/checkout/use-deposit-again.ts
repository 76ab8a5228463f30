import { useCallback, useState } from 'react';
import { startDeposit } from './api/start-deposit';
import { depositRetryStore } from './deposit-retry-store';
import { useStartPayment } from './use-start-payment';

/**
 * "Try again" for a deposit that failed or expired: a new deposit of the remembered request (same
 * amount, currency and billing details), opened like the first one.
 * `available` is false when this tab started no deposit (then the wallet's form is the way).
 */
export function useDepositAgain() {
  const { start, processing } = useStartPayment();
  const [failure, setFailure] = useState<unknown>(null);
  const available = depositRetryStore.recall() !== null;

  const pay = useCallback(() => {
    const request = depositRetryStore.recall();
    if (!request) return;
    setFailure(null);
    // The first deposit's attempt ended when it got its link, so the same request is a new attempt
    // with a fresh key; a lost answer to this one is retried with that key.
    start({ deposit: request }, (key) => startDeposit(request, key)).catch((error: unknown) =>
      setFailure(error),
    );
  }, [start]);

  return { pay, processing, available, failure };
}
