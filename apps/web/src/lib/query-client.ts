import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

const MAX_RETRIES = 2;

/** Retrying cannot fix a request the server rejected (4xx): only network and 5xx failures retry. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  if (error instanceof ApiError && error.status !== null && error.status < 500) return false;
  return true;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Catalogue data changes rarely; a minute avoids refetching on every page visit.
        staleTime: 60_000,
        gcTime: 5 * 60_000,
        retry: shouldRetry,
        refetchOnWindowFocus: false,
      },
      // A retried payment or order could be sent twice: mutations never retry by themselves.
      mutations: { retry: false },
    },
  });
}

/**
 * The app's one query client: the providers render with it, route loaders prefetch into it, and
 * the account store reads the profile and the balance from it.
 */
export const appQueryClient = createQueryClient();
