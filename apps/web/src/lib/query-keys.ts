import type { Currency } from '@pictura/contract';

/**
 * Keys of the server state that several features read. A feature's own queries keep their keys in
 * its api folder; those that belong to the balance (the wallet's history and debts) start with
 * `balanceKeys.all`, so that one invalidation after a money movement refreshes all of them.
 */
export const profileKey = ['profile'] as const;

export const balanceKeys = {
  all: ['balance'] as const,
  of: (currency: Currency) => ['balance', currency] as const,
};
