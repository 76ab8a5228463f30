import { useSyncExternalStore } from 'react';
import { createExternalStore } from '../../lib/external-store';

/**
 * Whether the cookie settings were opened again after a choice (from the footer), and the control
 * that opened them, which gets the focus back when they close.
 */
interface CookieSettingsState {
  open: boolean;
  opener: HTMLElement | null;
}

const settings = createExternalStore<CookieSettingsState>({ open: false, opener: null });

export function openCookieSettings(opener: HTMLElement | null = null): void {
  settings.set({ open: true, opener });
}

/** Closes the settings and answers the control that opened them, if any. */
export function closeCookieSettings(): HTMLElement | null {
  const { opener } = settings.get();
  settings.set({ open: false, opener: null });
  return opener;
}

const isOpen = () => settings.get().open;

export function useCookieSettingsOpen(): boolean {
  return useSyncExternalStore(settings.subscribe, isOpen, isOpen);
}
