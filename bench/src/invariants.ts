// The money invariants after a load, read straight from the tables with SQL of their own: this is
// the check of what the server wrote, so it trusts none of the server's code.
import type pg from 'pg';

type Queryable = Pick<pg.Pool, 'query'>;

/** One rule; `offending` selects the rows that break it (none when it holds). */
interface Rule {
  name: string;
  offending: string;
}

const RULES: Rule[] = [
  {
    name: 'balance equals the sum of its ledger entries and the last entry’s balance after',
    offending: `
      select b.user_id, b.currency, b.amount, coalesce(sum(e.amount), 0) as entries_sum
      from balances b
      left join ledger_entries e on e.user_id = b.user_id and e.currency = b.currency
      group by b.user_id, b.currency, b.amount
      having b.amount <> coalesce(sum(e.amount), 0)
        or b.amount <> coalesce((array_agg(e.balance_after order by e.id desc))[1], 0)`,
  },
  {
    name: 'no balance below zero, now or after any entry',
    offending: `
      select user_id, currency, amount from balances where amount < 0
      union all
      select user_id, currency, balance_after from ledger_entries where balance_after < 0`,
  },
  {
    name: 'every ledger entry has its balance row',
    offending: `
      select e.id from ledger_entries e
      where not exists (
        select 1 from balances b where b.user_id = e.user_id and b.currency = e.currency)`,
  },
  {
    name: 'an order’s balance part is captured exactly once, for exactly that amount',
    offending: `
      select o.id, o.paid_by_balance, count(e.id) as captures, coalesce(sum(e.amount), 0) as captured
      from orders o
      left join ledger_entries e
        on e.kind = 'order' and e.reference = 'order:' || o.id
        and e.user_id = o.user_id and e.currency = o.currency
      group by o.id, o.paid_by_balance
      having count(e.id) <> (case when o.paid_by_balance > 0 then 1 else 0 end)
        or coalesce(sum(e.amount), 0) <> -o.paid_by_balance`,
  },
  {
    name: 'every order capture belongs to an order of the same user',
    offending: `
      select e.id, e.reference from ledger_entries e
      where e.kind = 'order' and not exists (
        select 1 from orders o
        where 'order:' || o.id = e.reference and o.user_id = e.user_id)`,
  },
  {
    name: 'a paid order is paid whole: by the balance, or the rest by a succeeded payment',
    offending: `
      select o.id, o.total, o.paid_by_balance, o.paid_by_payment from orders o
      where o.status = 'paid' and o.paid_by_payment > 0 and not exists (
        select 1 from payments p
        where p.order_id = o.id and p.status = 'succeeded' and p.amount = o.paid_by_payment)`,
  },
];

export interface Violation {
  rule: string;
  rows: number;
  examples: unknown[];
}

/** Every rule that fails, with how many rows break it and a few of them; empty when all hold. */
export async function checkMoneyInvariants(client: Queryable): Promise<Violation[]> {
  const violations: Violation[] = [];
  for (const rule of RULES) {
    const { rows } = await client.query<{ violations: string }>(
      `select *, count(*) over () as violations from (${rule.offending}) offending limit 3`,
    );
    const [first] = rows;
    if (first) {
      violations.push({ rule: rule.name, rows: Number(first.violations), examples: rows });
    }
  }
  return violations;
}

export interface MoneyTotals {
  /** Minor units credited by deposits. */
  deposited: number;
  /** Minor units on all balances now. */
  balances: number;
  /** Minor units the balances paid for orders (their captures, less what was given back). */
  spentOnOrders: number;
  /** Orders by status. */
  orders: Record<string, number>;
  /** The sum of the totals of paid orders. */
  paidOrdersTotal: number;
}

/**
 * Idempotency-Keys claimed but without a recorded answer. After a load whose every request was
 * answered there must be none; a stop that cut requests off may leave some (a retry recovers them).
 */
export async function unansweredIdempotencyKeys(client: Queryable): Promise<number> {
  const { rows } = await client.query<{ keys: string }>(
    'select count(*) as keys from idempotency_keys where status is null',
  );
  return Number(rows[0]?.keys ?? 0);
}

/** Sums across the whole database (one currency is assumed by the callers' checks). */
export async function moneyTotals(client: Queryable): Promise<MoneyTotals> {
  const { rows: sums } = await client.query<Record<string, string>>(`
    select
      (select coalesce(sum(amount), 0) from ledger_entries where kind = 'deposit') as deposited,
      (select coalesce(sum(amount), 0) from balances) as balances,
      (select coalesce(-sum(amount), 0) from ledger_entries where kind in ('order', 'refund')
        and reference like 'order:%') as spent,
      (select coalesce(sum(total), 0) from orders where status = 'paid') as paid_total`);
  const { rows: statuses } = await client.query<{ status: string; orders: string }>(
    'select status, count(*) as orders from orders group by status',
  );
  const [row] = sums;
  return {
    deposited: Number(row?.deposited),
    balances: Number(row?.balances),
    spentOnOrders: Number(row?.spent),
    paidOrdersTotal: Number(row?.paid_total),
    orders: Object.fromEntries(statuses.map((row) => [row.status, Number(row.orders)])),
  };
}

/** The violations as lines for an error message. */
export const describeViolations = (violations: readonly Violation[]): string =>
  violations
    .map(
      (violation) =>
        `${violation.rule}: ${violation.rows} rows break it, e.g. ${JSON.stringify(violation.examples)}`,
    )
    .join('\n');
