import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { and, eq, inArray } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterEach, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES, apiPaths, RESET_CODE_ALPHABET } from '@pictura/contract';
import type { App } from '../../app.js';
import {
  bearer,
  buildTestApp,
  describeEachEngine,
  randomIp,
  signUp,
  useSmtpCapture,
} from '../../test/index.js';
import { mailOutbox } from '../mail/index.js';

const PUBLIC_URL = 'https://shop.example';
const NEW_PASSWORD = 'amber-Quarry-77-whistle';
const INVALID_CODE = { errors: { code: ACCOUNT_MESSAGES.invalidResetCode } };

const forgot = (app: App, email: string, remoteAddress = randomIp()) =>
  app.inject({
    method: 'POST',
    url: apiPaths.accountsForgotPassword,
    payload: { email },
    remoteAddress,
  });

const reset = (app: App, email: string, code: string, remoteAddress = randomIp()) =>
  app.inject({
    method: 'POST',
    url: apiPaths.accountsResetPassword,
    payload: { email, code, password: NEW_PASSWORD, repeatedPassword: NEW_PASSWORD },
    remoteAddress,
  });

const login = (app: App, email: string, password: string) =>
  app.inject({ method: 'POST', url: apiPaths.accountsLogin, payload: { email, password } });

/** The reset link of a mail's text part, and the email and code it carries. */
function resetLinkOf(mail: ParsedMail): { link: URL; email: string; code: string } {
  const href = /https?:\/\/\S+\/reset-password\?\S+/.exec(mail.text ?? '')?.[0];
  if (!href) throw new Error('no reset link in the mail');
  const link = new URL(href);
  return {
    link,
    email: link.searchParams.get('email') ?? '',
    code: link.searchParams.get('code') ?? '',
  };
}

describeEachEngine('password reset by mail', (ctx) => {
  const smtp = useSmtpCapture();
  afterEach(() => {
    vi.useRealTimers();
  });
  const env = () => ({ SMTP_URL: smtp.url, PUBLIC_URL });

  /** Signs a user up, asks for a code and returns it as read from the mail. */
  async function userWithCode(app: App, headers: Record<string, string> = {}) {
    const user = await signUp(app, { headers, smtp });
    await forgot(app, user.email);
    const mail = await smtp.nextMailTo(user.email);
    return { user, mail, code: resetLinkOf(mail).code };
  }

  it('mails a code and a link; the code sets a new password and every session ends', async () => {
    const app = await ctx.buildApp({ env: env() });
    const { user, mail, code } = await userWithCode(app);

    const { link, email } = resetLinkOf(mail);
    expect(`${link.origin}${link.pathname}`).toBe(`${PUBLIC_URL}/reset-password`);
    expect(email).toBe(user.email);
    expect(code).toMatch(new RegExp(`^[${RESET_CODE_ALPHABET}]{10}$`));
    expect(mail.text).toContain(code);
    expect(mail.html).toContain(code);

    const response = await reset(app, user.email, code);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({});
    expect((await login(app, user.email, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await login(app, user.email, user.password)).statusCode).toBe(400);
    const oldSession = await app.inject({
      method: 'GET',
      url: apiPaths.accountsProfile,
      headers: bearer(user.accessToken),
    });
    expect(oldSession.statusCode).toBe(401);
    const changed = await smtp.nextMailTo(user.email);
    expect(changed.subject).toBe('Your Pictura password was changed');
  });

  it("writes the mails in the user's language, with text and HTML parts", async () => {
    const app = await ctx.buildApp({ env: env() });
    const { user, mail, code } = await userWithCode(app, { cookie: 'i18next=es' });

    expect(mail.subject).toBe('Restablece tu contraseña de Pictura');
    expect(mail.text).toContain('Tu código:');
    expect(mail.html).toContain('<html lang="es">');
    await reset(app, user.email, code);
    expect((await smtp.nextMailTo(user.email)).subject).toBe(
      'Se ha cambiado tu contraseña de Pictura',
    );
  });

  it('answers forgot-password for an unknown email exactly as for a known one, and mails nothing', async () => {
    const app = await buildTestApp({ database: ctx.database, env: env() });
    const user = await signUp(app, { smtp });

    const known = await forgot(app, user.email);
    const unknown = await forgot(app, 'nobody-here@example.com');
    await app.close(); // waits for the background work

    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(unknown.headers['content-type']).toBe(known.headers['content-type']);
    // Both lookups are done (closing waited for them): one mail is queued, and none for nobody.
    const queued = await ctx.database.db
      .select({ recipient: mailOutbox.recipient })
      .from(mailOutbox)
      .where(
        and(
          inArray(mailOutbox.recipient, [user.email, 'nobody-here@example.com']),
          eq(mailOutbox.kind, 'passwordReset'),
        ),
      );
    expect(queued).toEqual([{ recipient: user.email }]);
  });

  it('answers forgot-password without waiting for the mail server', async () => {
    // A mail server that accepts connections and never says a word.
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const app = await buildTestApp({
      database: ctx.database,
      env: { SMTP_URL: `smtp://127.0.0.1:${port}` },
    });
    try {
      const user = await signUp(app);
      const started = Date.now();

      const response = await forgot(app, user.email);

      expect(response.statusCode).toBe(200);
      expect(Date.now() - started).toBeLessThan(1_000);
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
      await app.close();
    }
  });

  it('accepts the code typed in lower case, once only', async () => {
    const app = await ctx.buildApp({ env: env() });
    const { user, code } = await userWithCode(app);

    const first = await reset(app, user.email, code.toLowerCase());
    const again = await reset(app, user.email, code);

    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(INVALID_CODE);
  });

  it("refuses another user's code, which still works for its own user", async () => {
    const app = await ctx.buildApp({ env: env() });
    const victim = await userWithCode(app);
    const attacker = await userWithCode(app);

    const borrowed = await reset(app, victim.user.email, attacker.code);

    expect(borrowed.json()).toEqual(INVALID_CODE);
    expect((await login(app, victim.user.email, victim.user.password)).statusCode).toBe(200);
    expect((await reset(app, attacker.user.email, attacker.code)).statusCode).toBe(200);
  });

  it('kills the code after 5 wrong attempts, even for the right code after them', async () => {
    const app = await ctx.buildApp({ env: env() });
    const { user, code } = await userWithCode(app);
    const wrong = code.startsWith('2') ? `3${code.slice(1)}` : `2${code.slice(1)}`;

    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await reset(app, user.email, wrong)).json()).toEqual(INVALID_CODE);
    }
    const right = await reset(app, user.email, code);

    expect(right.statusCode).toBe(400);
    expect(right.json()).toEqual(INVALID_CODE);
    expect((await login(app, user.email, user.password)).statusCode).toBe(200);
  });

  it('lets 4 wrong attempts pass and still accepts the right code', async () => {
    const app = await ctx.buildApp({ env: env() });
    const { user, code } = await userWithCode(app);

    for (let attempt = 0; attempt < 4; attempt++) await reset(app, user.email, 'WRONGCODE2');

    expect((await reset(app, user.email, code)).statusCode).toBe(200);
  });

  it('refuses a code after 15 minutes', async () => {
    const app = await ctx.buildApp({ env: env() });
    const { user, code } = await userWithCode(app);

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 15 * 60_000 + 1_000 });
    const response = await reset(app, user.email, code);

    expect(response.json()).toEqual(INVALID_CODE);
  });

  it('replaces an earlier code when a new one is asked for', async () => {
    const app = await ctx.buildApp({ env: env() });
    const { user, code: first } = await userWithCode(app);
    await forgot(app, user.email);
    const second = resetLinkOf(await smtp.nextMailTo(user.email)).code;

    expect((await reset(app, user.email, first)).json()).toEqual(INVALID_CODE);
    expect((await reset(app, user.email, second)).statusCode).toBe(200);
  });

  it('refuses a weak password without using up the code, and gives field maps', async () => {
    const app = await ctx.buildApp({ env: env() });
    const { user, code } = await userWithCode(app);

    const weak = await app.inject({
      method: 'POST',
      url: apiPaths.accountsResetPassword,
      payload: { email: user.email, code, password: 'password1', repeatedPassword: 'password1' },
    });
    const malformed = await app.inject({
      method: 'POST',
      url: apiPaths.accountsResetPassword,
      payload: { email: 'nope', code: 'short' },
    });
    const forgotMalformed = await forgot(app, 'not an email');

    expect(weak.json()).toEqual({ errors: { password: ACCOUNT_MESSAGES.passwordTooWeak } });
    expect((await reset(app, user.email, code)).statusCode).toBe(200);
    expect(Object.keys(malformed.json<{ errors: object }>().errors).sort()).toEqual([
      'code',
      'email',
      'password',
      'repeatedPassword',
    ]);
    expect(forgotMalformed.json()).toEqual({ errors: { email: expect.any(String) } });
  });

  it('refuses a code for an unknown email the same way as a wrong one', async () => {
    const app = await ctx.buildApp({ env: env() });

    const response = await reset(app, 'nobody@example.com', 'ABCDEFGH23');

    expect(response.json()).toEqual(INVALID_CODE);
  });

  it('limits forgot-password and reset-password per IP and per email with 429', async () => {
    const app = await ctx.buildApp({
      env: { ...env(), AUTH_RATE_LIMIT_IP_MAX: '2', AUTH_RATE_LIMIT_EMAIL_MAX: '2' },
    });
    const statuses = async (send: () => Promise<{ statusCode: number }>) => {
      const codes = [];
      for (let i = 0; i < 3; i++) codes.push((await send()).statusCode);
      return codes;
    };
    let n = 0;

    const forgotPerIp = await statuses(() => forgot(app, `f${n++}@example.com`, '10.2.2.2'));
    const forgotPerEmail = await statuses(() => forgot(app, 'victim@example.com'));
    const resetPerIp = await statuses(() =>
      reset(app, `r${n++}@example.com`, 'ABCDEFGH23', '10.3.3.3'),
    );
    const resetPerEmail = await statuses(() => reset(app, 'victim@example.com', 'ABCDEFGH23'));

    expect(forgotPerIp).toEqual([200, 200, 429]);
    expect(forgotPerEmail).toEqual([200, 200, 429]);
    expect(resetPerIp).toEqual([400, 400, 429]);
    expect(resetPerEmail).toEqual([400, 400, 429]);
    expect((await forgot(app, 'victim@example.com')).json()).toEqual({
      errors: { '': 'Too many requests.' },
    });
  });
});
