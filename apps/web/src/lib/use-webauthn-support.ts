import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { useSyncExternalStore } from 'react';

const noChanges = () => () => undefined;

/**
 * Whether this browser can use passkeys. False while the server renders and during hydration, so
 * the server's page and the first client render agree; the browser's answer follows at once.
 */
export const useWebAuthnSupport = (): boolean =>
  useSyncExternalStore(noChanges, browserSupportsWebAuthn, () => false);
