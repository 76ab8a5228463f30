import { CURRENCIES, isOneOf, type DepositRequest } from '@pictura/contract';
import { browserStorage, type KeyValueStorage } from '../../lib/storage';

/**
 * The request of the last deposit started in this tab, so that "Try again" after a declined or
 * expired deposit opens a new payment of the same amount with the same billing details, without
 * the form. Session storage, like the payment link: it survives the trip to the provider's page
 * and goes with the tab; a succeeded deposit forgets it.
 */
export const LAST_DEPOSIT_STORAGE_KEY = 'lastDeposit';

/**
 * Whether a stored value still reads as a deposit request. No zod: the result page that reads it is
 * in the first views' code, and the server checks the whole request again when it is sent.
 */
const looksLikeDeposit = (value: unknown): value is DepositRequest =>
  typeof value === 'object' &&
  value !== null &&
  'depositAmount' in value &&
  typeof value.depositAmount === 'number' &&
  'currency' in value &&
  isOneOf(CURRENCIES, value.currency);

export function createDepositRetryStore(storage: KeyValueStorage) {
  return {
    remember(request: DepositRequest): void {
      storage.setItem(LAST_DEPOSIT_STORAGE_KEY, JSON.stringify(request));
    },
    /** The remembered request, or null when there is none or it no longer reads as one. */
    recall(): DepositRequest | null {
      const text = storage.getItem(LAST_DEPOSIT_STORAGE_KEY);
      if (text === null) return null;
      try {
        const parsed: unknown = JSON.parse(text);
        return looksLikeDeposit(parsed) ? parsed : null;
      } catch {
        return null;
      }
    },
    forget(): void {
      storage.removeItem(LAST_DEPOSIT_STORAGE_KEY);
    },
  };
}

export const depositRetryStore = createDepositRetryStore(browserStorage('sessionStorage'));
