// The bulk seed's VACUUM runs past the pool's 15 s statement limit on a catalog of millions of
// offers: runLongStatement gives it a connection without that limit.
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachEngine } from '../../test/index.js';
import { runLongStatement } from './long-statement.js';

describeEachEngine('a long statement', (ctx) => {
  it('runs without the time limit that pooled queries have', async () => {
    const [own] = await runLongStatement<{ statement_timeout: string }>(
      ctx.database,
      'show statement_timeout',
    );
    expect(own?.statement_timeout).toBe('0');
    if (ctx.engine === 'postgres') {
      const pooled = await ctx.database.db.execute<{ statement_timeout: string }>(
        sql`show statement_timeout`,
      );
      expect(pooled.rows[0]?.statement_timeout).toBe('15s');
    }
  });

  it('runs maintenance that a transaction block refuses', async () => {
    await expect(runLongStatement(ctx.database, 'vacuum analyze offers')).resolves.toEqual([]);
  });
});
