import { and, desc, eq, lt, sql } from 'drizzle-orm';
import {
  BALANCE_MESSAGES,
  LEDGER_PAGE_SIZE,
  type Currency,
  type LedgerEntryKind,
  type LedgerHistory,
} from '@pictura/contract';
import { AppError } from '../../lib/index.js';
import type { Db } from '../../infra/db/index.js';
import { balances, ledgerEntries } from './schema.js';

export interface LedgerMovement {
  userId: string;
  currency: Currency;
  /** Minor units: positive credits, negative debits; zero only for a capture (moves nothing). */
  amount: number;
  kind: LedgerEntryKind;
  /** What caused it, e.g. `order:12`; one (kind, reference) moves money once. */
  reference: string;
}

export interface LedgerPosting {
  /** False when this (kind, reference) had already been posted: nothing moved this time. */
  applied: boolean;
  balanceAfter: number;
}

/** A debit larger than the balance; nothing was written. */
export class InsufficientBalanceError extends AppError {
  constructor() {
    super('VALIDATION', { '': BALANCE_MESSAGES.insufficient });
  }
}

/**
 * Moves money on a balance, exactly once per (kind, reference). Must run inside the caller's
 * transaction (`db.transaction(tx => postLedgerEntry(tx, ...))`) together with whatever caused the
 * movement, so both happen or neither does. The balance row is locked first, which serialises every
 * movement of one user's currency: the replay check, the funds check and the write cannot interleave
 * with another request's.
 */
export async function postLedgerEntry(tx: Db, movement: LedgerMovement): Promise<LedgerPosting> {
  const zeroAllowed = movement.kind === 'generationCapture';
  if (!Number.isSafeInteger(movement.amount) || (movement.amount === 0 && !zeroAllowed)) {
    throw new RangeError(`Not a ledger amount: ${movement.amount}`);
  }
  await tx
    .insert(balances)
    .values({ userId: movement.userId, currency: movement.currency, amount: 0 })
    .onConflictDoNothing();
  const [locked] = await tx
    .select({ amount: balances.amount })
    .from(balances)
    .where(and(eq(balances.userId, movement.userId), eq(balances.currency, movement.currency)))
    .for('update');
  const current = locked?.amount ?? 0;

  const [already] = await tx
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(
      and(eq(ledgerEntries.kind, movement.kind), eq(ledgerEntries.reference, movement.reference)),
    );
  if (already) return { applied: false, balanceAfter: current };

  const balanceAfter = current + movement.amount;
  if (balanceAfter < 0) throw new InsufficientBalanceError();

  await tx.insert(ledgerEntries).values({ ...movement, balanceAfter });
  await tx
    .update(balances)
    .set({ amount: balanceAfter, updatedAt: sql`now()` })
    .where(and(eq(balances.userId, movement.userId), eq(balances.currency, movement.currency)));
  return { applied: true, balanceAfter };
}

/** The balance in minor units; 0 for a currency never used. */
export async function balanceOf(db: Db, userId: string, currency: Currency): Promise<number> {
  const [row] = await db
    .select({ amount: balances.amount })
    .from(balances)
    .where(and(eq(balances.userId, userId), eq(balances.currency, currency)));
  return row?.amount ?? 0;
}

/** Whether the movement (kind, reference) has been posted. */
export async function hasLedgerEntry(
  db: Db,
  kind: LedgerEntryKind,
  reference: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.kind, kind), eq(ledgerEntries.reference, reference)));
  return row !== undefined;
}

/** Entries newest first, a page of LEDGER_PAGE_SIZE older than `before` (an entry id). */
export async function ledgerHistory(
  db: Db,
  userId: string,
  currency: Currency,
  before?: number,
): Promise<LedgerHistory> {
  const rows = await db
    .select()
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.userId, userId),
        eq(ledgerEntries.currency, currency),
        before === undefined ? undefined : lt(ledgerEntries.id, before),
      ),
    )
    .orderBy(desc(ledgerEntries.id))
    .limit(LEDGER_PAGE_SIZE + 1);
  const page = rows.slice(0, LEDGER_PAGE_SIZE);
  return {
    entries: page.map((row) => ({
      id: row.id,
      currency: row.currency,
      amount: row.amount,
      balanceAfter: row.balanceAfter,
      kind: row.kind,
      reference: row.reference,
      createdAt: row.createdAt.toISOString(),
    })),
    nextBefore: rows.length > LEDGER_PAGE_SIZE ? (page.at(-1)?.id ?? null) : null,
  };
}
