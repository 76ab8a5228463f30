import { useQueryClient } from '@tanstack/react-query';
import { apiPathTo, type TwoStepDisableRequest } from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';
import { twoStepKey } from '../../../lib/api/get-two-step-status';

/** POST /api/accounts/two-step/disable: the password and a code turn the step off. */
export const disableTwoStep = async (request: TwoStepDisableRequest): Promise<void> => {
  await apiClient.post(apiPathTo.accountsTwoStepDisable(), request);
};

export function useDisableTwoStep() {
  const queryClient = useQueryClient();
  return async (request: TwoStepDisableRequest): Promise<void> => {
    await disableTwoStep(request);
    await queryClient.invalidateQueries({ queryKey: twoStepKey });
  };
}
