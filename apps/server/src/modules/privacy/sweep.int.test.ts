// The worker's hourly sweep as the account events see it: older than their 30 days, they go.
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { createFileStorage } from '../../infra/storage/index.js';
import { describeEachEngine, signUp, testConfig } from '../../test/index.js';
import { userIdOf } from '../../test/payments.js';
import { runPrivacySweep } from './sweep.js';

describeEachEngine('privacy sweep', (ctx) => {
  it('deletes account events older than 30 days, and only those', async () => {
    const app = await ctx.buildApp();
    const db = ctx.database.db;
    const old = userIdOf(await signUp(app));
    const recent = userIdOf(await signUp(app));
    await db.execute(sql`
      update account_events set at = at - interval '30 days 1 minute' where user_id = ${old}`);

    await runPrivacySweep({
      db,
      storage: createFileStorage(testConfig()),
      log: app.log,
      recordRetentionYears: 10,
    });
    const left = await db.execute<{ user_id: string }>(
      sql`select user_id from account_events where user_id in (${old}, ${recent})`,
    );
    expect(left.rows).toEqual([{ user_id: recent }]);
  });
});
