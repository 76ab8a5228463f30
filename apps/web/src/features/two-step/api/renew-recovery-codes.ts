import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  apiPathTo,
  TwoStepRecoveryCodesSchema,
  type TwoStepRecoveryCodes,
} from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';
import { twoStepKey } from '../../../lib/api/get-two-step-status';

/**
 * POST /api/accounts/two-step/recovery-codes: ten new codes in place of the old ones. It asks for a
 * recent re-authentication, which the api client gets through the "Confirm it is you" dialog.
 */
export const renewRecoveryCodes = (): Promise<TwoStepRecoveryCodes> =>
  apiClient.post(apiPathTo.accountsTwoStepRecoveryCodes(), undefined, {
    schema: TwoStepRecoveryCodesSchema,
  });

export function useRenewRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renewRecoveryCodes,
    // The count of codes left is ten again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoStepKey }),
  });
}
