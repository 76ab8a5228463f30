import { afterEach, expect, it, vi } from 'vitest';
import {
  apiPaths,
  EMAIL_VERIFICATION_MESSAGES,
  PaymentLinkResponseSchema,
  ProfileResponseSchema,
  TokenResponseSchema,
} from '@pictura/contract';
import type { App } from '../../app.js';
import {
  bearer,
  describeEachEngine,
  openVerificationLink,
  randomIp,
  seedTestCatalog,
  signUp,
  useSmtpCapture,
  verificationLinkIn,
  type TestUser,
} from '../../test/index.js';
import { generationRequest, submitGeneration } from '../../test/generation.js';
import { orderRequest } from '../../test/orders.js';
import { depositRequest, postDeposit } from '../../test/payments.js';
import { createOrPromoteAdmin } from './index.js';

const PUBLIC_URL = 'https://shop.example';
const NOT_VERIFIED = { errors: { '': EMAIL_VERIFICATION_MESSAGES.notVerified } };
const INVALID_LINK = { errors: { '': EMAIL_VERIFICATION_MESSAGES.invalidLink } };

const verify = (app: App, payload: object) =>
  app.inject({
    method: 'POST',
    url: apiPaths.accountsVerifyEmail,
    remoteAddress: randomIp(),
    payload,
  });

const signedInPost = (app: App, user: TestUser, url: string, payload?: object) =>
  app.inject({
    method: 'POST',
    url,
    remoteAddress: randomIp(),
    headers: bearer(user.accessToken),
    ...(payload === undefined ? {} : { payload }),
  });

async function profileOf(app: App, user: TestUser) {
  const response = await app.inject({
    method: 'GET',
    url: apiPaths.accountsProfile,
    headers: bearer(user.accessToken),
  });
  return ProfileResponseSchema.parse(response.json());
}

describeEachEngine('verified email before money moves', (ctx) => {
  const smtp = useSmtpCapture();
  afterEach(() => {
    vi.useRealTimers();
  });
  const buildApp = () => ctx.buildApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL } });

  /** A user who signed up and has not opened the link yet, and the link of the mail. */
  async function unverifiedUser(app: App) {
    const user = await signUp(app, { verified: false });
    const mail = await smtp.nextMailTo(user.email);
    return { user, mail, link: verificationLinkIn(mail.text) };
  }

  /** The four calls that move money, each with a valid body. */
  async function moneyCalls(app: App, user: TestUser, variantId: number) {
    return {
      deposit: await postDeposit(app, user, depositRequest()),
      checkout: await signedInPost(app, user, apiPaths.orders, orderRequest([variantId])),
      giftCard: await signedInPost(app, user, apiPaths.balanceGiftCard, {
        giftCardNumber: 'PICT-0000-0000-0000-0000',
      }),
      generation: await submitGeneration(app, user, generationRequest()),
    };
  }

  it('mails a link at sign-up; until it is opened money waits, and browsing and the cart work', async () => {
    const app = await buildApp();
    const variants = await seedTestCatalog(ctx.database.db);
    const variantId = variants.get('red-fox')![0]!;
    const { user, mail, link } = await unverifiedUser(app);

    expect(mail.subject).toBe('Verify your email address for Pictura');
    const href = /https?:\/\/\S+/.exec(mail.text ?? '')?.[0] ?? '';
    expect(href.startsWith(`${PUBLIC_URL}/verify-email?user=`)).toBe(true);
    expect(mail.html).toContain(link.token);
    expect(await profileOf(app, user)).toMatchObject({ emailVerified: false, pendingEmail: null });

    const refused = await moneyCalls(app, user, variantId);
    for (const response of Object.values(refused)) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(NOT_VERIFIED);
    }
    // Browsing and what the cart asks for need no verified address.
    const signedInReads = [
      await signedInPost(app, user, apiPaths.balance, { currency: 'EUR' }),
      await app.inject({ method: 'GET', url: apiPaths.orders, headers: bearer(user.accessToken) }),
      await app.inject({ method: 'GET', url: `${apiPaths.offersLatest}?Currency=EUR` }),
      await app.inject({
        method: 'GET',
        url: `${apiPaths.offerAttributes}?Ids=${variantId}&Currency=EUR`,
      }),
    ];
    expect(signedInReads.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);

    const opened = await verify(app, link);

    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toEqual({ email: user.email });
    expect(await profileOf(app, user)).toMatchObject({ emailVerified: true, pendingEmail: null });
    const deposit = await postDeposit(app, user, depositRequest());
    expect(deposit.statusCode).toBe(200);
    expect(PaymentLinkResponseSchema.safeParse(deposit.json()).success).toBe(true);
  });

  it("refuses another user's token, and that token still works for its own user", async () => {
    const app = await buildApp();
    const alice = await unverifiedUser(app);
    const bob = await unverifiedUser(app);

    const crossed = await verify(app, { user: alice.link.user, token: bob.link.token });

    expect(crossed.statusCode).toBe(400);
    expect(crossed.json()).toEqual(INVALID_LINK);
    expect((await profileOf(app, alice.user)).emailVerified).toBe(false);
    expect((await profileOf(app, bob.user)).emailVerified).toBe(false);
    expect((await verify(app, bob.link)).statusCode).toBe(200);
    expect((await profileOf(app, alice.user)).emailVerified).toBe(false);
  });

  it('refuses a link opened a second time', async () => {
    const app = await buildApp();
    const { link } = await unverifiedUser(app);
    expect((await verify(app, link)).statusCode).toBe(200);

    const replayed = await verify(app, link);

    expect(replayed.statusCode).toBe(400);
    expect(replayed.json()).toEqual(INVALID_LINK);
  });

  it('refuses a link after 24 hours, and the address stays unverified', async () => {
    const app = await buildApp();
    const { user, link } = await unverifiedUser(app);

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 24 * 60 * 60_000 + 1_000 });
    const expired = await verify(app, link);
    // Back to now, when the access token still works.
    vi.useRealTimers();

    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual(INVALID_LINK);
    expect((await profileOf(app, user)).emailVerified).toBe(false);
  });

  it('reaches the verified state by no other way than the token', async () => {
    const app = await buildApp();
    const { user, link } = await unverifiedUser(app);

    const attempts = [
      // A made-up token, a malformed user id, no token.
      await verify(app, { user: link.user, token: 'A'.repeat(43) }),
      await verify(app, { user: 'not-a-user', token: link.token }),
      await verify(app, { user: link.user }),
      // The profile calls take no verification flag.
      await signedInPost(app, user, apiPaths.accountsUpdate, {
        firstName: 'Eve',
        lastName: 'Doe',
        emailVerified: true,
      }),
      // Changing to the same address, or asking for a new link, verifies nothing.
      await signedInPost(app, user, apiPaths.accountsChangeEmail, {
        email: user.email,
        currentPassword: user.password,
      }),
    ];
    const resent = await signedInPost(app, user, apiPaths.accountsResendVerification);

    expect(attempts.map((response) => response.statusCode)).toEqual([400, 400, 400, 400, 400]);
    expect(resent.statusCode).toBe(200);
    expect((await profileOf(app, user)).emailVerified).toBe(false);
    expect((await postDeposit(app, user, depositRequest())).json()).toEqual(NOT_VERIFIED);
  });

  it('mails a new link on request, which replaces the old one, a few times per user only', async () => {
    const app = await buildApp();
    const { user, link: first } = await unverifiedUser(app);

    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const response = await signedInPost(app, user, apiPaths.accountsResendVerification);
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(response.json()).toEqual({ errors: { '': 'Too many requests.' } });
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    const links = [];
    for (let i = 0; i < 3; i++)
      links.push(verificationLinkIn((await smtp.nextMailTo(user.email)).text));

    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await verify(app, first)).json()).toEqual(INVALID_LINK);
    expect((await verify(app, links[0]!)).json()).toEqual(INVALID_LINK);
    expect((await verify(app, links[2]!)).statusCode).toBe(200);
  });

  it('changes the address only once the new one is verified, and tells the old one', async () => {
    const app = await buildApp();
    const user = await signUp(app, { smtp });
    const newEmail = `new-${user.email}`;

    const asked = await signedInPost(app, user, apiPaths.accountsChangeEmail, {
      email: newEmail.toUpperCase(),
      currentPassword: user.password,
    });

    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({
      email: user.email,
      emailVerified: true,
      pendingEmail: newEmail,
    });
    const notice = await smtp.nextMailTo(user.email);
    expect(notice.subject).toBe('Your Pictura email address is being changed');
    expect(notice.text).toContain(newEmail);
    const link = verificationLinkIn((await smtp.nextMailTo(newEmail)).text);
    // Until then the old address signs in and the new one does not.
    const login = (email: string) =>
      app.inject({
        method: 'POST',
        url: apiPaths.accountsLogin,
        remoteAddress: randomIp(),
        payload: { email, password: user.password },
      });
    expect((await login(user.email)).statusCode).toBe(200);
    expect((await login(newEmail)).statusCode).toBe(400);

    expect((await verify(app, link)).json()).toEqual({ email: newEmail });

    expect(await profileOf(app, user)).toMatchObject({
      email: newEmail,
      emailVerified: true,
      pendingEmail: null,
    });
    expect((await login(newEmail)).statusCode).toBe(200);
    expect((await login(user.email)).statusCode).toBe(400);
  });

  it('refuses a change with a wrong password or to an address another account has', async () => {
    const app = await buildApp();
    const user = await signUp(app);
    const other = await signUp(app);

    const wrongPassword = await signedInPost(app, user, apiPaths.accountsChangeEmail, {
      email: `new-${user.email}`,
      currentPassword: 'not-the-password',
    });
    const taken = await signedInPost(app, user, apiPaths.accountsChangeEmail, {
      email: other.email,
      currentPassword: user.password,
    });

    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json()).toEqual({
      errors: { currentPassword: 'The current password is not correct.' },
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({
      errors: { email: 'An account with this email already exists.' },
    });
    expect((await profileOf(app, user)).pendingEmail).toBeNull();
  });

  it('makes admins of the command line verified, and never promotes an unverified address', async () => {
    const app = await buildApp();
    const email = `admin-${Date.now()}@example.com`;
    const password = 'copper-Meadow-58-anchor';
    await createOrPromoteAdmin(ctx.database.db, email, async () => password);
    const unverified = await signUp(app, { verified: false });
    await smtp.nextMailTo(unverified.email);
    await expect(
      createOrPromoteAdmin(ctx.database.db, unverified.email, async () => password, {
        promote: true,
      }),
    ).rejects.toThrow(/has not been verified/);

    const login = await app.inject({
      method: 'POST',
      url: apiPaths.accountsLogin,
      remoteAddress: randomIp(),
      payload: { email, password },
    });
    const admin = { email, password, ...TokenResponseSchema.parse(login.json()) };

    expect(await profileOf(app, admin)).toMatchObject({ isAdmin: true, emailVerified: true });
    expect(await profileOf(app, unverified)).toMatchObject({
      isAdmin: false,
      emailVerified: false,
    });
  });

  it('opens links on any process: the link needs no session', async () => {
    const app = await buildApp();
    const { user, link } = await unverifiedUser(app);
    const elsewhere = await buildApp();

    await openVerificationLink(elsewhere, link);

    expect((await profileOf(app, user)).emailVerified).toBe(true);
  });
});
