import { useQueryClient } from '@tanstack/react-query';
import {
  apiPathTo,
  TwoStepRecoveryCodesSchema,
  type TwoStepConfirmRequest,
  type TwoStepRecoveryCodes,
} from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';
import { twoStepKey } from '../../../lib/api/get-two-step-status';

/** POST /api/accounts/two-step/confirm: a code from the app turns the step on. */
export const confirmTwoStep = (request: TwoStepConfirmRequest): Promise<TwoStepRecoveryCodes> =>
  apiClient.post(apiPathTo.accountsTwoStepConfirm(), request, {
    schema: TwoStepRecoveryCodesSchema,
  });

/** Confirms, then reads the status again (the back office's gate reads it too). */
export function useConfirmTwoStep() {
  const queryClient = useQueryClient();
  return async (request: TwoStepConfirmRequest): Promise<TwoStepRecoveryCodes> => {
    const codes = await confirmTwoStep(request);
    await queryClient.invalidateQueries({ queryKey: twoStepKey });
    return codes;
  };
}
