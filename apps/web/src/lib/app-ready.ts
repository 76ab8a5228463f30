import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { createExternalStore } from './external-store';

// A control that does nothing without the app's code (a button whose work is in a click handler)
// is drawn disabled on the server, with a name that says it is loading, and is enabled once the
// app has taken the page over and replayed what the visitor did before (lib/early-input.ts).

// Ready unless a server-drawn page is being taken over: a page the app draws itself works at once.
const readyStore = createExternalStore(true);

/** Says the app is about to take a server-drawn page over: its controls wait until it has. */
export function waitForTakeOver(): void {
  readyStore.set(false);
}

/** Says the app has taken the page over: its controls work from now on. */
export function markAppReady(): void {
  readyStore.set(true);
}

/** False in the server's render and until the app has taken the page over. */
export function useAppReady(): boolean {
  return useSyncExternalStore(readyStore.subscribe, readyStore.get, () => false);
}

/**
 * Props for a button that needs the app: disabled until it is ready, and named `label` with
 * "loading" added, so a screen reader says why it does not respond.
 */
export function useUntilReady(label: string): { disabled: boolean; 'aria-label'?: string } {
  const { t } = useTranslation();
  const ready = useAppReady();
  return ready
    ? { disabled: false }
    : { disabled: true, 'aria-label': t('app.notReady', { label }) };
}
