import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type TwoStepStatus } from '@pictura/contract';
import { apiClient } from '../api-client';
import { useIsSignedIn } from '../session';

/** Shared by the account settings and the back office's gate, which asks for a second factor. */
export const twoStepKey = ['account', 'two-step'] as const;

/**
 * GET /api/accounts/two-step: whether the step is on, and whether any second factor is. Not parsed
 * by zod: this module sits in the first views' shared chunk (as `lib/` does), which loads no zod
 * (docs/decisions/performance/no-zod-in-the-first-views.md).
 */
export const getTwoStepStatus = (signal?: AbortSignal): Promise<TwoStepStatus> =>
  apiClient.get<TwoStepStatus>(apiPaths.accountsTwoStep, { signal });

export const twoStepQueryOptions = () =>
  queryOptions({
    queryKey: twoStepKey,
    queryFn: ({ signal }) => getTwoStepStatus(signal),
    staleTime: 0,
    retry: false,
  });

export function useTwoStepStatus(enabled = true) {
  const signedIn = useIsSignedIn();
  return useQuery({ ...twoStepQueryOptions(), enabled: signedIn && enabled });
}
