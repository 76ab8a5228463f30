// The ledger module's public face: balances and their movements (docs/product/money.md#balances).
// Other modules move money only through postLedgerEntry (credits: creditBalance, which pays what
// is owed first), inside their own transaction.
export { balanceOf, hasLedgerEntry, InsufficientBalanceError, postLedgerEntry } from './ledger.js';
export { addDebt, assertNoDebt, giveBack, takeBack, takeFromBalance } from './debt.js';
export { creditBalance, type CreditKind, type CreditPosting } from './credit.js';
export { ledgerModule } from './module.js';
export { balances, ledgerEntries } from './schema.js';
