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

/**
 * Roots of the queries any visitor may see (catalog, prices, legal texts): the only ones kept when
 * a session ends. Every other query is someone's and is removed then.
 */
export const PUBLIC_QUERY_ROOTS: ReadonlySet<string> = new Set([
  'categories',
  'generation-prices',
  'legal-texts',
  'offers',
]);
