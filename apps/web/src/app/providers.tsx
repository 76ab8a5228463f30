import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ApiError } from '../lib/api-client';
import { AppErrorBoundary } from './errors/app-error-boundary';

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

/** The app's one query client, shared by the providers and the route loaders that prefetch. */
export const appQueryClient = createQueryClient();

interface AppProvidersProps {
  children: ReactNode;
  /** The app passes its shared client; tests get a fresh one per render. */
  client?: QueryClient;
}

export function AppProviders({ children, client }: AppProvidersProps) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  return (
    <AppErrorBoundary>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </AppErrorBoundary>
  );
}
