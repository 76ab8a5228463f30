// A newer Pictura opens the database an older one left: the migrations before the newest are the
// previous release's schema, written to as that release wrote; the newest then runs over it.
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { apiPathTo, TokenResponseSchema } from '@pictura/contract';
import {
  bearer,
  buildTestApp,
  describeEachEngine,
  listPasskeys,
  loginWithCode,
  randomIp,
  totpCode,
} from '../../test/index.js';
import { createEmptyDatabase, migrateFirst, readJournal } from '../../test/upgrade/migrations.js';
import { balanceOf, giftCardCodeOf, ordersOf } from '../../test/orders.js';
import { writePreviousReleaseShop } from '../../test/upgrade/previous-release-data.js';
import { fingerprintAgain, fingerprintTables } from '../../test/upgrade/table-fingerprints.js';
import { migrate } from './index.js';

const JWT_SECRET = 'the-secret-the-previous-release-ran-with-01';

/** The tables the previous release's data reaches: each must hold rows, or the check is empty. */
const WRITTEN = [
  'users',
  'totp_factors',
  'totp_recovery_codes',
  'passkeys',
  'payments',
  'deposits',
  'balances',
  'ledger_entries',
  'offers',
  'orders',
  'order_items',
  'purchased_artworks',
  'gift_cards',
  'receipts',
  'generation_jobs',
  'generated_pictures',
];

describeEachEngine('upgrading a shop from the previous release', (ctx) => {
  it('keeps every row and value, and its buyer signs in with two-step and finds it all', async () => {
    const { entries } = await readJournal();
    const { database, dispose } = await createEmptyDatabase(ctx.engine);
    try {
      // "The one before the newest" is counted, not named: it moves on as migrations are added.
      await migrateFirst(database, entries.length - 1);
      const shop = await writePreviousReleaseShop(database.db, JWT_SECRET);
      const before = await fingerprintTables(database.db);
      for (const table of WRITTEN) expect(before[table]?.rows, table).toBeGreaterThan(0);

      await migrate(database);
      const applied = await database.db.execute<{ count: number }>(
        sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
      );
      expect(applied.rows[0]?.count).toBe(entries.length);
      expect(await fingerprintAgain(database.db, before)).toEqual(before);

      const app = await buildTestApp({ database, env: { JWT_SECRET } });
      try {
        const login = await loginWithCode(app, shop.buyer, await totpCode(shop.buyer.totpSecret));
        expect(login.statusCode, login.body).toBe(200);
        const buyer = { ...shop.buyer, ...TokenResponseSchema.parse(login.json()) };
        expect(await balanceOf(app, buyer, 'EUR')).toBe(shop.balance);
        const [order] = await ordersOf(app, buyer);
        expect(order).toMatchObject({ id: shop.orderId, status: 'paid' });
        const shown = await giftCardCodeOf(app, buyer, shop.orderId);
        expect(shown.replaceAll('-', '')).toBe(shop.giftCardCode);
        expect((await listPasskeys(app, buyer)).map((passkey) => passkey.name)).toEqual(['Laptop']);
        const generation = await app.inject({
          method: 'GET',
          url: apiPathTo.generatedImage(shop.generationJobId),
          remoteAddress: randomIp(),
          headers: bearer(buyer.accessToken),
        });
        expect(generation.statusCode, generation.body).toBe(200);
        expect(generation.json()).toMatchObject({ status: 'succeeded' });
      } finally {
        await app.close();
      }
    } finally {
      await dispose();
    }
  }, 120_000);
});
