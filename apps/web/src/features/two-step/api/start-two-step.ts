import { useMutation } from '@tanstack/react-query';
import {
  apiPathTo,
  TwoStepSetupResponseSchema,
  type TwoStepSetupResponse,
} from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';

/** POST /api/accounts/two-step/setup: a new secret and its QR code; the step is not on yet. */
export const startTwoStep = (): Promise<TwoStepSetupResponse> =>
  apiClient.post(apiPathTo.accountsTwoStepSetup(), undefined, {
    schema: TwoStepSetupResponseSchema,
  });

export const useStartTwoStep = () => useMutation({ mutationFn: startTwoStep });
