// The ledger module's public face: balances and their movements (DESIGN section 3).
// Other modules move money only through postLedgerEntry, inside their own transaction.
export {
  balanceOf,
  hasLedgerEntry,
  InsufficientBalanceError,
  ledgerHistory,
  postLedgerEntry,
  type LedgerMovement,
  type LedgerPosting,
} from './ledger.js';
export {
  assertNoDebt,
  DebtOutstandingError,
  debtOf,
  debtsOf,
  payDebt,
  takeBack,
  type TakeBack,
} from './debt.js';
export { ledgerModule } from './module.js';
export { balances, debts, ledgerEntries } from './schema.js';
