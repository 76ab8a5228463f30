import type {
  AdminCustomer,
  AdminCustomerList,
  BalanceDebt,
  BalanceResponse,
  Currency,
  LedgerHistory,
} from '@pictura/contract';
import type { Db } from '../../infra/db/index.js';
import { customerWithBalances, searchCustomers } from './admin-customers.js';
import { debtsOf } from './debt.js';
import { balanceOf, ledgerHistory } from './ledger.js';

export interface LedgerDeps {
  readonly db: Db;
}

/**
 * What customers and the back office read of balances. Money moves only through the postings in
 * index.ts, which other modules call inside their own transactions.
 */
export function createLedgerService({ db }: LedgerDeps) {
  return {
    async balance(userId: string, currency: Currency): Promise<BalanceResponse> {
      return { currency, amount: await balanceOf(db, userId, currency) };
    },

    history(userId: string, currency: Currency, before?: number): Promise<LedgerHistory> {
      return ledgerHistory(db, userId, currency, before);
    },

    debts(userId: string): Promise<BalanceDebt[]> {
      return debtsOf(db, userId);
    },

    searchCustomers(emailPart: string): Promise<AdminCustomerList> {
      return searchCustomers(db, emailPart);
    },

    customer(userId: string): Promise<AdminCustomer> {
      return customerWithBalances(db, userId);
    },

    async customerHistory(
      userId: string,
      currency: Currency,
      before?: number,
    ): Promise<LedgerHistory> {
      // An unknown customer is a 404, not an empty history.
      await customerWithBalances(db, userId);
      return ledgerHistory(db, userId, currency, before);
    },
  };
}

export type LedgerService = ReturnType<typeof createLedgerService>;
