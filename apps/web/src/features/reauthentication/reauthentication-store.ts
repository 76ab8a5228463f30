import { useSyncExternalStore } from 'react';
import { apiClient } from '../../lib/api-client';
import { createExternalStore } from '../../lib/external-store';

/**
 * Whether the re-authentication dialog is asked for, and the promise the api client waits on. Calls
 * asking at the same time share one dialog: one proof opens the window for all of them.
 */
const open = createExternalStore(false);
let waiting: { promise: Promise<boolean>; resolve: (proved: boolean) => void } | null = null;

/** Opens the dialog; resolves true once the person proved it is them, false if they cancelled. */
export function requestReauthentication(): Promise<boolean> {
  if (!waiting) {
    let resolve: (proved: boolean) => void = () => undefined;
    const promise = new Promise<boolean>((done) => {
      resolve = done;
    });
    waiting = { promise, resolve };
    open.set(true);
  }
  return waiting.promise;
}

/** Closes the dialog with its outcome; the calls that waited are sent again when it is true. */
export function finishReauthentication(proved: boolean): void {
  const current = waiting;
  waiting = null;
  open.set(false);
  current?.resolve(proved);
}

export const useReauthenticationAsked = (): boolean =>
  useSyncExternalStore(open.subscribe, open.get, () => false);

/** Connects the api client to the dialog; called once at start. */
export function installReauthentication(): void {
  apiClient.setReauthenticator(requestReauthentication);
}
