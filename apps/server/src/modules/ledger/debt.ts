import { and, eq, gt, sql } from 'drizzle-orm';
import { BALANCE_MESSAGES, type BalanceDebt, type Currency } from '@pictura/contract';
import { AppError } from '../../lib/index.js';
import type { Db } from '../../infra/db/index.js';
import { postLedgerEntry } from './ledger.js';
import { balances, debts } from './schema.js';

/** The customer owes money in this currency: spending it is refused (a 400, general message). */
class DebtOutstandingError extends AppError {
  constructor() {
    super('VALIDATION', { '': BALANCE_MESSAGES.debt });
  }
}

/**
 * Locks the balance row (created at zero if missing) and answers its amount. Every movement locks
 * the balance first and the debt after it, so two of them never wait for each other in a cycle.
 */
async function lockBalance(tx: Db, userId: string, currency: Currency): Promise<number> {
  await tx.insert(balances).values({ userId, currency, amount: 0 }).onConflictDoNothing();
  const [row] = await tx
    .select({ amount: balances.amount })
    .from(balances)
    .where(and(eq(balances.userId, userId), eq(balances.currency, currency)))
    .for('update');
  return row?.amount ?? 0;
}

async function lockDebt(tx: Db, userId: string, currency: Currency): Promise<number> {
  await tx.insert(debts).values({ userId, currency, amount: 0 }).onConflictDoNothing();
  const [row] = await tx
    .select({ amount: debts.amount })
    .from(debts)
    .where(and(eq(debts.userId, userId), eq(debts.currency, currency)))
    .for('update');
  return row?.amount ?? 0;
}

async function setDebt(tx: Db, userId: string, currency: Currency, amount: number): Promise<void> {
  await tx
    .update(debts)
    .set({ amount, updatedAt: sql`now()` })
    .where(and(eq(debts.userId, userId), eq(debts.currency, currency)));
}

export interface TakeBack {
  userId: string;
  currency: Currency;
  /** Minor units the provider gave back to the payer, now taken back from the customer. */
  amount: number;
  /** Unique per cause and user; a replay of the same reference moves nothing. */
  reference: string;
}

const assertAmount = (amount: number): void => {
  if (!Number.isSafeInteger(amount) || amount <= 0)
    throw new RangeError(`Not an amount: ${amount}`);
};

/**
 * Takes up to `amount` from the balance, never below zero (ledger kind `reversal`), under the
 * balance's row lock; answers what it took. The caller records the rest as someone's debt.
 */
export async function takeFromBalance(
  tx: Db,
  { userId, currency, amount, reference }: TakeBack,
): Promise<number> {
  assertAmount(amount);
  const balance = await lockBalance(tx, userId, currency);
  const taken = Math.min(balance, amount);
  if (taken === 0) return 0;
  const posting = await postLedgerEntry(tx, {
    userId,
    currency,
    amount: -taken,
    kind: 'reversal',
    reference,
  });
  // The caller's payment lock makes each reference new; a replay here would double the debt.
  if (!posting.applied) throw new Error(`Reversal ${reference} was posted already`);
  return taken;
}

/** Records `amount` more as owed by the user in this currency (debt row locked). */
export async function addDebt(
  tx: Db,
  userId: string,
  currency: Currency,
  amount: number,
): Promise<void> {
  assertAmount(amount);
  const owed = await lockDebt(tx, userId, currency);
  await setDebt(tx, userId, currency, owed + amount);
}

/**
 * Takes a credit back: from the balance as far as it goes, never below zero; the rest
 * becomes debt. In the caller's transaction, under the balance's row lock, so a purchase paying
 * from the balance at the same moment either went first (and the debt is larger) or waits.
 */
export async function takeBack(
  tx: Db,
  movement: TakeBack,
): Promise<{ takenFromBalance: number; debt: number }> {
  const takenFromBalance = await takeFromBalance(tx, movement);
  const debt = movement.amount - takenFromBalance;
  if (debt > 0) await addDebt(tx, movement.userId, movement.currency, debt);
  return { takenFromBalance, debt };
}

/**
 * The inverse of `takeBack`, for a dispute the shop won: what is owed in this currency is
 * cancelled first (the last thing taken), the rest goes back to the balance (ledger kind
 * `reinstatement`, once per reference). So a debt paid meanwhile by a deposit comes back as balance.
 */
export async function giveBack(
  tx: Db,
  { userId, currency, amount, reference }: TakeBack,
): Promise<{ givenBack: number; debtCancelled: number }> {
  assertAmount(amount);
  await lockBalance(tx, userId, currency);
  const owed = await lockDebt(tx, userId, currency);
  const debtCancelled = Math.min(owed, amount);
  if (debtCancelled > 0) await setDebt(tx, userId, currency, owed - debtCancelled);
  const givenBack = amount - debtCancelled;
  if (givenBack > 0) {
    const posting = await postLedgerEntry(tx, {
      userId,
      currency,
      amount: givenBack,
      kind: 'reinstatement',
      reference,
    });
    if (!posting.applied) throw new Error(`Reinstatement ${reference} was posted already`);
  }
  return { givenBack, debtCancelled };
}

/**
 * After a credit (creditBalance, credit.ts) the balance pays what is owed in that currency first, as
 * far as it goes (ledger kind `debtPayment`, reference `debt:<the credit's reference>`, once).
 * Answers the amount paid.
 */
export async function payDebt(
  tx: Db,
  userId: string,
  currency: Currency,
  creditReference: string,
): Promise<number> {
  const balance = await lockBalance(tx, userId, currency);
  const owed = await lockDebt(tx, userId, currency);
  const paid = Math.min(balance, owed);
  if (paid === 0) return 0;
  const posting = await postLedgerEntry(tx, {
    userId,
    currency,
    amount: -paid,
    kind: 'debtPayment',
    reference: `debt:${creditReference}`,
  });
  if (!posting.applied) return 0;
  await setDebt(tx, userId, currency, owed - paid);
  return paid;
}

/** What the user owes in a currency; 0 when nothing. */
async function debtOf(db: Db, userId: string, currency: Currency): Promise<number> {
  const [row] = await db
    .select({ amount: debts.amount })
    .from(debts)
    .where(and(eq(debts.userId, userId), eq(debts.currency, currency)));
  return row?.amount ?? 0;
}

/** Every currency the user owes money in. */
export async function debtsOf(db: Db, userId: string): Promise<BalanceDebt[]> {
  const rows = await db
    .select({ currency: debts.currency, amount: debts.amount })
    .from(debts)
    .where(and(eq(debts.userId, userId), gt(debts.amount, 0)))
    .orderBy(debts.currency);
  return rows;
}

/**
 * Refuses new spending (an order, a generation) in a currency the user owes money in. Read
 * without a lock: a purchase committed just before the debt was recorded came first.
 */
export async function assertNoDebt(db: Db, userId: string, currency: Currency): Promise<void> {
  if ((await debtOf(db, userId, currency)) > 0) throw new DebtOutstandingError();
}
