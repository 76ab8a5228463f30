import { inArray } from 'drizzle-orm';
import {
  ADMIN_CUSTOMER_SEARCH_LIMIT,
  CURRENCIES,
  type AdminCustomer,
  type AdminCustomerList,
} from '@pictura/contract';
import { AppError } from '../../lib/index.js';
import type { Db } from '../../infra/db/index.js';
import { findUsersByEmail, userSummary, type UserSummary } from '../accounts/index.js';
import { balances } from './schema.js';

/** Each user's balance in every currency (0 where none was ever moved). */
async function balancesByUser(
  db: Db,
  userIds: readonly string[],
): Promise<Map<string, AdminCustomer['balances']>> {
  const rows =
    userIds.length === 0
      ? []
      : await db
          .select()
          .from(balances)
          .where(inArray(balances.userId, [...userIds]));
  return new Map(
    userIds.map((userId) => [
      userId,
      CURRENCIES.map((currency) => ({
        currency,
        amount: rows.find((row) => row.userId === userId && row.currency === currency)?.amount ?? 0,
      })),
    ]),
  );
}

const toCustomer = (user: UserSummary, balancesOf: AdminCustomer['balances']): AdminCustomer => ({
  id: user.id,
  email: user.email,
  createdAt: user.createdAt.toISOString(),
  balances: balancesOf,
});

/** GET /api/admin/customers?Email=: matching accounts with their balances. */
export async function searchCustomers(db: Db, emailPart: string): Promise<AdminCustomerList> {
  const found = await findUsersByEmail(db, emailPart, ADMIN_CUSTOMER_SEARCH_LIMIT + 1);
  const page = found.slice(0, ADMIN_CUSTOMER_SEARCH_LIMIT);
  const byUser = await balancesByUser(
    db,
    page.map((user) => user.id),
  );
  return {
    customers: page.map((user) => toCustomer(user, byUser.get(user.id) ?? [])),
    more: found.length > ADMIN_CUSTOMER_SEARCH_LIMIT,
  };
}

/** One customer with balances; 404 for an unknown id. */
export async function customerWithBalances(db: Db, userId: string): Promise<AdminCustomer> {
  const user = await userSummary(db, userId);
  if (!user) throw new AppError('NOT_FOUND');
  const byUser = await balancesByUser(db, [userId]);
  return toCustomer(user, byUser.get(userId) ?? []);
}
