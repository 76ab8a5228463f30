import { queryOptions, useQuery } from '@tanstack/react-query';
import { firstViewApiPaths, type ProfileResponse } from '@pictura/contract';
import { apiClient } from '../api-client';
import { profileKey } from '../query-keys';
import { useIsSignedIn } from '../session';

/**
 * GET /api/Accounts/profile. Not parsed by zod: every first view may ask for it, and the first view
 * loads no zod (docs/decisions/performance/no-zod-in-the-first-views.md).
 */
export const getProfile = (): Promise<ProfileResponse> =>
  apiClient.get<ProfileResponse>(firstViewApiPaths.accountsProfile);

export const profileQueryOptions = () =>
  queryOptions({
    queryKey: profileKey,
    queryFn: getProfile,
    // Read afresh whenever a view that shows it opens: another device may have changed it, or an
    // admin's role may have been revoked.
    staleTime: 0,
    // A failure is shown with a retry button at once; a failed fetch keeps the profile it had.
    retry: false,
  });

/** The signed-in user's profile; nothing is asked while signed out. */
export function useProfile() {
  return useQuery({ ...profileQueryOptions(), enabled: useIsSignedIn() });
}
