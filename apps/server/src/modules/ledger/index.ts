// The ledger module's public face: balances and their movements (DESIGN section 3).
// Other modules move money only through postLedgerEntry, inside their own transaction.
export { balanceOf, hasLedgerEntry, InsufficientBalanceError, postLedgerEntry } from './ledger.js';
export { addDebt, assertNoDebt, giveBack, payDebt, takeBack, takeFromBalance } from './debt.js';
export { ledgerModule } from './module.js';
export { balances, ledgerEntries } from './schema.js';
