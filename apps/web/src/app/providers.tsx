import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { appQueryClient } from '../lib/query-client';
import { AppErrorBoundary } from './errors/app-error-boundary';

/**
 * Always the app's one query client: the account store mirrors the profile and the balance from
 * it, so a second client would hold server state the store never sees.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <AppErrorBoundary>
      <QueryClientProvider client={appQueryClient}>{children}</QueryClientProvider>
    </AppErrorBoundary>
  );
}
