import { and, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/index.js';
import { offers } from './schema.js';

/**
 * The words of a search as a prefix query for to_tsquery: "red fo" finds "Red fox". Only letters
 * and digits pass, so nothing the user types can be tsquery syntax. Undefined when no word is left.
 */
export function prefixQuery(search: string): string | undefined {
  const words =
    search
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, 8) ?? [];
  return words.length > 0 ? words.map((word) => `${word}:*`).join(' & ') : undefined;
}

/** A set of offer ids, as one bit per id up to the largest: 12.5 kB at 100,000 offers. */
export class IdSet {
  private readonly bits: Uint8Array;

  constructor(ids: readonly number[]) {
    // A loop, not Math.max(...ids): spreading 100,000 arguments can overflow the stack.
    let largest = -1;
    for (const id of ids) largest = Math.max(largest, id);
    this.bits = new Uint8Array((largest >> 3) + 1);
    for (const id of ids) this.bits[id >> 3]! |= 1 << (id & 7);
  }

  has(id: number): boolean {
    return ((this.bits[id >> 3] ?? 0) & (1 << (id & 7))) !== 0;
  }
}

/**
 * The published offers whose text matches `words` (a prefixQuery): PostgreSQL's own English
 * stemming and prefix matching over the GIN index, so a search in memory means exactly what the
 * text query means in SQL.
 */
export async function loadTextMatches(db: Db, words: string): Promise<IdSet> {
  const rows = await db
    .select({ id: offers.id })
    .from(offers)
    // Partial indexes apply only when the query says `published` in these words (service.ts).
    .where(
      and(
        sql`${offers.published}`,
        sql`${offers.searchDocument} @@ to_tsquery('english', ${words})`,
      ),
    );
  return new IdSet(rows.map((row) => row.id));
}
