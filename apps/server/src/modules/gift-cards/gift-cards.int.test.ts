// Gift cards: bought in an order, issued when it is paid, shown to its
// buyer on request until redeemed and mailed, redeemed once into the redeemer's balance in the card's currency; guessing is limited.
import { expect, it } from 'vitest';
import {
  apiPaths,
  GIFT_CARD_CODE_ALPHABET,
  ORDER_MESSAGES,
  OrderGiftCardCodeListSchema,
  type Currency,
} from '@pictura/contract';
import { sql } from 'drizzle-orm';
import type { App } from '../../app.js';
import { openPostgres } from '../../infra/db/index.js';
import { GIFT_CARD_WRONG_ATTEMPTS_MAX } from './attempts.js';
import {
  bearer,
  buildTestApp,
  describeEachEngine,
  randomIp,
  signUp,
  useSmtpCapture,
  type TestUser,
} from '../../test/index.js';
import {
  balanceOf,
  creditBalance,
  giftCardCodesOf,
  ledgerCheck,
  orderRequest,
  ordersOf,
  placeOrder,
  settleOrder,
} from '../../test/orders.js';

// The order's own paid mail (with its receipt) goes to the buyer too.
const isGiftCardMail = (mail: { subject?: string }) => /gift card/i.test(mail.subject ?? '');
const CODE = /\b[2-9A-Z]{4}(?:-[2-9A-Z]{4}){4}\b/;
const INVALID = { errors: { giftCardNumber: ORDER_MESSAGES.giftCardInvalid } };

const redeem = (
  app: App,
  user: TestUser,
  giftCardNumber: string,
  options: { ip?: string; idempotencyKey?: string } = {},
) =>
  app.inject({
    method: 'POST',
    url: apiPaths.balanceGiftCard,
    remoteAddress: options.ip ?? randomIp(),
    headers: {
      ...bearer(user.accessToken),
      ...(options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {}),
    },
    payload: { giftCardNumber },
  });

describeEachEngine('gift cards', (ctx) => {
  const smtp = useSmtpCapture();

  const shopApp = () => ctx.buildApp({ env: { SMTP_URL: smtp.url } });

  /** The full codes of an order's cards as its buyer asks for them. */
  async function codesOf(app: App, buyer: TestUser, orderId: number) {
    const response = await giftCardCodesOf(app, buyer, orderId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    return OrderGiftCardCodeListSchema.parse(response.json()).map((card) => card.code);
  }

  /** A gift card bought by `buyer` and paid from the balance; answers its code as its buyer sees it. */
  async function buyCard(app: App, buyer: TestUser, amount: number, currency: Currency = 'EUR') {
    await creditBalance(ctx.database.db, buyer, amount, currency);
    await placeOrder(
      app,
      buyer,
      orderRequest([], { giftCardAmount: amount, currency, payByBalance: true }),
    );
    const [order] = await ordersOf(app, buyer);
    const [code] = await codesOf(app, buyer, order?.id ?? 0);
    if (!code) throw new Error('no gift card code for the order');
    return code;
  }

  it('issues a grouped code when the order is paid, lists the card without it, shows it to its buyer again and again, and mails it', async () => {
    const app = await shopApp();
    const buyer = await signUp(app, { smtp });
    await creditBalance(ctx.database.db, buyer, 2_500, 'EUR');

    await placeOrder(app, buyer, orderRequest([], { giftCardAmount: 2_500, payByBalance: true }));
    const [order] = await ordersOf(app, buyer);
    const first = await codesOf(app, buyer, order?.id ?? 0);
    const again = await codesOf(app, buyer, order?.id ?? 0);
    const mail = await smtp.nextMailTo(buyer.email, undefined, isGiftCardMail);

    const code = first[0] ?? '';
    expect(code).toMatch(new RegExp(`^${CODE.source}$`));
    expect(again).toEqual([code]);
    expect(order).toMatchObject({ status: 'paid', total: 2_500 });
    expect(order?.giftCards).toEqual([
      {
        amount: { amount: 2_500, currency: 'EUR' },
        codeHint: code.slice(-4),
        codeAvailable: true,
        redeemed: false,
        voided: false,
      },
    ]);
    // The list never carries a code, in any field.
    const list = await app.inject({
      method: 'GET',
      url: apiPaths.orders,
      headers: bearer(buyer.accessToken),
    });
    expect(list.body).not.toContain(code);
    expect(list.body).not.toContain(code.replaceAll('-', ''));
    expect(mail.subject).toContain(`order ${order?.id}`);
    expect(CODE.exec(mail.text ?? '')?.[0]).toBe(code);
    expect(mail.text).toContain('€25.00');
  });

  it("shows an order's codes to its buyer only, and no more once the card is redeemed", async () => {
    const app = await shopApp();
    const buyer = await signUp(app);
    const stranger = await signUp(app);
    const code = await buyCard(app, buyer, 900);
    const [order] = await ordersOf(app, buyer);
    const orderId = order?.id ?? 0;

    const byStranger = await giftCardCodesOf(app, stranger, orderId);
    expect(byStranger.statusCode).toBe(404);
    expect(byStranger.body).not.toContain(code);
    expect((await giftCardCodesOf(app, buyer, orderId + 1_000_000)).statusCode).toBe(404);

    expect((await redeem(app, stranger, code)).statusCode).toBe(200);
    expect(await codesOf(app, buyer, orderId)).toEqual([]);
    const [redeemed] = await ordersOf(app, buyer);
    expect(redeemed?.giftCards[0]).toMatchObject({
      codeHint: code.slice(-4),
      codeAvailable: false,
      redeemed: true,
    });
  });

  it("mails the code of a card paid by the provider, after the payment's webhook", async () => {
    const app = await shopApp();
    const buyer = await signUp(app, { smtp });
    await placeOrder(app, buyer, orderRequest([], { giftCardAmount: 1_000, currency: 'USD' }));
    const [pending] = await ordersOf(app, buyer);
    expect(pending?.giftCards[0]).toMatchObject({ codeAvailable: false, codeHint: null });
    expect(await codesOf(app, buyer, pending?.id ?? 0)).toEqual([]);

    await settleOrder(app, ctx.database.db, pending?.id ?? 0, 'succeeded');
    const mail = await smtp.nextMailTo(buyer.email, undefined, isGiftCardMail);
    const code = CODE.exec(mail.text ?? '')?.[0] ?? '';
    const redeemer = await signUp(app);

    const response = await redeem(app, redeemer, code);

    expect(response.json()).toEqual({ currency: 'USD', amount: 1_000 });
  });

  it("credits the redeemer once, in the card's currency, however the code is typed", async () => {
    const app = await shopApp();
    const buyer = await signUp(app);
    const code = await buyCard(app, buyer, 3_000, 'USD');
    const redeemer = await signUp(app);
    await creditBalance(ctx.database.db, redeemer, 500, 'USD');

    const typed = ` ${code.toLowerCase().replaceAll('-', ' ')} `;
    const first = await redeem(app, redeemer, typed);
    const again = await redeem(app, redeemer, code);
    const byBuyer = await redeem(app, buyer, code);

    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ currency: 'USD', amount: 3_500 });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(INVALID);
    expect(byBuyer.json()).toEqual(INVALID);
    expect(await balanceOf(app, redeemer, 'EUR')).toBe(0);
    expect(await ledgerCheck(ctx.database.db, redeemer, 'USD')).toMatchObject({
      balance: 3_500,
      entriesSum: 3_500,
      kinds: ['deposit', 'giftCard'],
    });
    const [order] = await ordersOf(app, buyer);
    expect(order?.giftCards[0]).toMatchObject({ codeAvailable: false, redeemed: true });
  });

  it('credits once when two users redeem one card 30 times at the same moment', async () => {
    const app = await shopApp();
    const buyer = await signUp(app);
    const code = await buyCard(app, buyer, 2_000);
    const [ann, bob] = [await signUp(app), await signUp(app)];

    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => redeem(app, i % 2 === 0 ? ann : bob, code)),
    );

    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.every((status) => [200, 400, 429].includes(status))).toBe(true);
    const credits = [
      await ledgerCheck(ctx.database.db, ann, 'EUR'),
      await ledgerCheck(ctx.database.db, bob, 'EUR'),
    ];
    expect(credits.map((credit) => credit.balance).sort()).toEqual([0, 2_000]);
    expect(credits.flatMap((credit) => credit.kinds)).toEqual(['giftCard']);
    expect(credits.every((credit) => credit.entriesSum === credit.balance)).toBe(true);
  });

  it('answers a wrong code with a field error and 429 after five wrong ones; a success does not count', async () => {
    const app = await shopApp();
    const buyer = await signUp(app);
    const code = await buyCard(app, buyer, 500);
    const guesser = await signUp(app);
    const wrong = '2222-3333-4444-5555-6666';

    const statuses: number[] = [];
    for (const typed of [wrong, 'nonsense', wrong, wrong, code, wrong, wrong]) {
      const response = await redeem(app, guesser, typed);
      statuses.push(response.statusCode);
      if (response.statusCode === 400) expect(response.json()).toEqual(INVALID);
    }

    expect(statuses).toEqual([400, 400, 400, 400, 200, 400, 429]);
    const blocked = await redeem(app, guesser, wrong);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(await balanceOf(app, guesser, 'EUR')).toBe(500);
  });

  it('counts each of 50 concurrent wrong codes from one user: five tries, then 429', async () => {
    const app = await shopApp();
    const guesser = await signUp(app);

    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        redeem(
          app,
          guesser,
          `2222-3333-4444-5555-66${GIFT_CARD_CODE_ALPHABET[i % 32]}${i < 32 ? 'A' : 'B'}`,
        ),
      ),
    );

    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 400)).toHaveLength(GIFT_CARD_WRONG_ATTEMPTS_MAX);
    expect(statuses.filter((status) => status === 429)).toHaveLength(
      50 - GIFT_CARD_WRONG_ATTEMPTS_MAX,
    );
    expect((await redeem(app, guesser, 'ABCD-EFGH-JKLM-NPQR-STUV')).statusCode).toBe(429);
  });

  // The count relies on READ COMMITTED and says so: a server default of REPEATABLE READ changes nothing.
  it.skipIf(ctx.engine === 'pglite')(
    'counts concurrent wrong codes as exactly, where the database defaults to REPEATABLE READ',
    async () => {
      const setDefaultIsolation = (level: string) =>
        ctx.database.db.execute(
          sql.raw(`do $$ begin execute format('alter database %I set default_transaction_isolation = %L',
            current_database(), '${level}'); end $$`),
        );
      await setDefaultIsolation('repeatable read');
      // New connections take the database's default; the file's pool has its own already.
      const database = await openPostgres(
        ctx.database.kind === 'postgres'
          ? (ctx.database.client.options.connectionString ?? '')
          : '',
      );
      try {
        const app = await buildTestApp({ database, env: { SMTP_URL: smtp.url } });
        try {
          const guesser = await signUp(app);
          const responses = await Promise.all(
            Array.from({ length: 20 }, (_, i) =>
              redeem(app, guesser, `3333-4444-5555-6666-77${GIFT_CARD_CODE_ALPHABET[i]}A`),
            ),
          );
          const statuses = responses.map((response) => response.statusCode);
          expect(statuses.filter((status) => status === 400)).toHaveLength(
            GIFT_CARD_WRONG_ATTEMPTS_MAX,
          );
        } finally {
          await app.close();
        }
      } finally {
        await database.close();
        await setDefaultIsolation('read committed');
      }
    },
  );

  it('limits wrong codes per client address too, whichever account sends them', async () => {
    const app = await shopApp();
    const ip = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const user = await signUp(app);
      statuses.push((await redeem(app, user, 'WRONG-CODE', { ip })).statusCode);
    }

    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });

  it('answers a retry with the same Idempotency-Key with the first answer', async () => {
    const app = await shopApp();
    const buyer = await signUp(app);
    const code = await buyCard(app, buyer, 700);
    const redeemer = await signUp(app);

    const first = await redeem(app, redeemer, code, { idempotencyKey: 'redeem-1' });
    const retry = await redeem(app, redeemer, code, { idempotencyKey: 'redeem-1' });

    expect(first.json()).toEqual({ currency: 'EUR', amount: 700 });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(await balanceOf(app, redeemer, 'EUR')).toBe(700);
  });

  it('answers 401 when signed out and refuses unknown keys', async () => {
    const app = await shopApp();
    const user = await signUp(app);

    const signedOut = await app.inject({
      method: 'POST',
      url: apiPaths.balanceGiftCard,
      payload: { giftCardNumber: 'ABCD' },
    });
    const extra = await app.inject({
      method: 'POST',
      url: apiPaths.balanceGiftCard,
      headers: bearer(user.accessToken),
      payload: { giftCardNumber: 'ABCD', amount: 100_000 },
    });

    expect(signedOut.statusCode).toBe(401);
    expect(extra.statusCode).toBe(400);
    expect(await balanceOf(app, user, 'EUR')).toBe(0);
  });
});
