// Gift cards in the back office: issued by hand with the code shown once and
// mailed when asked, listed without codes, redeemable once; every issue is audited.
import { expect, it } from 'vitest';
import {
  adminApiPaths,
  AdminGiftCardListSchema,
  AdminIssuedGiftCardSchema,
  apiPaths,
  AuditListSchema,
  type AdminGiftCardIssue,
} from '@pictura/contract';
import type { App } from '../../app.js';
import {
  bearer,
  describeEachEngine,
  signUp,
  signUpAdmin,
  useSmtpCapture,
  type TestUser,
} from '../../test/index.js';
import { balanceOf } from '../../test/orders.js';

describeEachEngine('gift cards in the back office', (ctx) => {
  const smtp = useSmtpCapture();

  const issue = (app: App, admin: TestUser, body: Partial<AdminGiftCardIssue>) =>
    app.inject({
      method: 'POST',
      url: adminApiPaths.giftCards,
      headers: bearer(admin.accessToken),
      payload: body,
    });
  const redeem = (app: App, user: TestUser, giftCardNumber: string) =>
    app.inject({
      method: 'POST',
      url: apiPaths.balanceGiftCard,
      headers: bearer(user.accessToken),
      payload: { giftCardNumber },
    });
  const list = async (app: App, admin: TestUser) =>
    AdminGiftCardListSchema.parse(
      (
        await app.inject({
          method: 'GET',
          url: adminApiPaths.giftCards,
          headers: bearer(admin.accessToken),
        })
      ).json(),
    );

  it('issues a card whose code is shown once, lists it without the code, and redeems it once', async () => {
    const app = await ctx.buildApp();
    const admin = await signUpAdmin(app, ctx.database.db);

    const response = await issue(app, admin, {
      amount: 2_000,
      currency: 'USD',
      reason: 'Late delivery, goodwill',
    });

    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const card = AdminIssuedGiftCardSchema.parse(response.json());
    expect(card).toMatchObject({ amount: 2_000, currency: 'USD', mailedTo: null });
    expect(card.code).toMatch(/^[A-Z0-9]{4}(-[A-Z0-9]{4}){4}$/);
    expect(card.code.endsWith(card.codeHint)).toBe(true);

    const listed = (await list(app, admin)).cards.find((row) => row.id === card.id);
    expect(listed).toMatchObject({
      source: 'manual',
      orderId: null,
      issuedByEmail: admin.email,
      reason: 'Late delivery, goodwill',
      codeHint: card.codeHint,
      redeemedAt: null,
    });
    expect(JSON.stringify(await list(app, admin))).not.toContain(card.code);

    const customer = await signUp(app);
    expect((await redeem(app, customer, card.code)).statusCode).toBe(200);
    expect(await balanceOf(app, customer, 'USD')).toBe(2_000);
    expect((await redeem(app, customer, card.code)).statusCode).toBe(400);
    expect(await balanceOf(app, customer, 'USD')).toBe(2_000);
    const redeemed = (await list(app, admin)).cards.find((row) => row.id === card.id);
    expect(redeemed).toMatchObject({
      redeemedByEmail: customer.email,
      redeemedAt: expect.any(String),
    });

    const audit = AuditListSchema.parse(
      (
        await app.inject({
          method: 'GET',
          url: `${adminApiPaths.audit}?Entity=giftCard`,
          headers: bearer(admin.accessToken),
        })
      ).json(),
    );
    const entry = audit.entries.find((row) => row.entityId === String(card.id));
    expect(entry).toMatchObject({
      action: 'giftCard.issue',
      actorEmail: admin.email,
      before: null,
    });
    expect(JSON.stringify(entry)).not.toContain(card.code);
  });

  it('mails the code and the message to the recipient in the chosen language', async () => {
    const app = await ctx.buildApp({ env: { SMTP_URL: smtp.url } });
    const admin = await signUpAdmin(app, ctx.database.db);
    const recipient = `friend-${Date.now()}@example.com`;

    const response = await issue(app, admin, {
      amount: 1_500,
      currency: 'EUR',
      recipientEmail: recipient,
      message: 'Sorry <b>again</b>',
      locale: 'es',
      reason: 'Apology',
    });

    const card = AdminIssuedGiftCardSchema.parse(response.json());
    expect(card.mailedTo).toBe(recipient);
    const mail = await smtp.nextMailTo(recipient);
    expect(mail.subject).toBe('Una tarjeta regalo de Pictura para ti');
    expect(mail.text).toContain(card.code);
    expect(mail.text).toContain('Sorry <b>again</b>');
    expect(mail.html).toContain('Sorry &lt;b&gt;again&lt;/b&gt;');
  });

  it('refuses amounts out of range, an unknown currency, a bad address and a missing reason', async () => {
    const app = await ctx.buildApp();
    const admin = await signUpAdmin(app, ctx.database.db);
    const before = (await list(app, admin)).cards.length;

    const response = await issue(app, admin, {
      amount: 1,
      currency: 'GBP' as 'EUR',
      recipientEmail: 'not an address',
      reason: '',
    });

    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<{ errors: object }>().errors).sort()).toEqual([
      'amount',
      'currency',
      'reason',
      'recipientEmail',
    ]);
    expect((await list(app, admin)).cards).toHaveLength(before);
  });
});
