import { Writable } from 'node:stream';
import { pino } from 'pino';
import { expect, it } from 'vitest';
import { apiPaths, paths } from '@pictura/contract';
import { buildApp, type App } from '../../app.js';
import { loggerOptions } from '../../logger.js';
import {
  describeEachEngine,
  openVerificationLink,
  signUp,
  startSmtpCapture,
  testConfig,
  verificationLinkIn,
  type SmtpCapture,
} from '../../test/index.js';

const NEW_PASSWORD = 'amber-Quarry-77-whistle';

/** An app whose log lines (debug and up, redaction as configured) are collected in `lines`. */
async function appWithLog(
  ctx: { database: Parameters<typeof buildApp>[0]['database'] },
  env: Record<string, string>,
) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const logger = pino(loggerOptions({ logLevel: 'debug', nodeEnv: 'test' }), stream);
  const app = await buildApp({ config: testConfig(env), database: ctx.database, logger });
  await app.ready();
  return { app, lines };
}

/** Signs up, logs in, refreshes, resets the password by mail and changes it: every secret there is. */
async function everyAccountCall(app: App, smtp: SmtpCapture) {
  const user = await signUp(app, { verified: false });
  const link = verificationLinkIn((await smtp.nextMailTo(user.email)).text);
  await openVerificationLink(app, link);
  const refreshed = await app.inject({
    method: 'POST',
    url: apiPaths.accountsRefresh,
    payload: { refreshToken: user.refreshToken },
  });
  await app.inject({
    method: 'POST',
    url: apiPaths.accountsForgotPassword,
    payload: { email: user.email },
  });
  const mail = await smtp.nextMailTo(user.email);
  const code = /code=([A-Z0-9]+)/.exec(mail.text ?? '')?.[1] ?? '';
  await app.inject({
    method: 'POST',
    url: apiPaths.accountsResetPassword,
    payload: { email: user.email, code, password: NEW_PASSWORD, repeatedPassword: NEW_PASSWORD },
  });
  await app.inject({
    method: 'POST',
    url: apiPaths.accountsLogin,
    payload: { email: user.email, password: 'a wrong password' },
  });
  return {
    secrets: [user.password, user.accessToken, user.refreshToken, NEW_PASSWORD, code, link.token],
    refreshed,
  };
}

describeEachEngine('what the accounts module logs', (ctx) => {
  it('never logs a password, token or reset code in production', async () => {
    const smtp = await startSmtpCapture();
    const { app, lines } = await appWithLog(ctx, {
      NODE_ENV: 'production',
      ALLOW_SANDBOX_PAYMENTS: 'true',
      SERVE_WEB: 'false',
      SMTP_URL: smtp.url,
    });
    try {
      const { secrets, refreshed } = await everyAccountCall(app, smtp);
      await app.close();

      const log = lines.join('');
      expect(log).toContain('"requestId"'); // the log was captured at all
      for (const secret of [...secrets, refreshed.json<{ refreshToken: string }>().refreshToken]) {
        expect(secret.length).toBeGreaterThan(7);
        expect(log).not.toContain(secret);
      }
      expect(log).not.toContain('password reset link');
    } finally {
      await app.close();
      await smtp.close();
    }
  });

  it('never logs a reset or verification link either, whatever NODE_ENV says (development by default), nor when one is opened', async () => {
    for (const nodeEnv of ['development', 'test']) {
      const smtp = await startSmtpCapture();
      const { app, lines } = await appWithLog(ctx, { NODE_ENV: nodeEnv, SMTP_URL: smtp.url });
      try {
        const user = await signUp(app, { smtp, verified: false });
        const verification = verificationLinkIn((await smtp.nextMailTo(user.email)).text);
        await app.inject({
          method: 'POST',
          url: apiPaths.accountsForgotPassword,
          payload: { email: user.email },
        });
        const resetMail = await smtp.nextMailTo(user.email);
        const code = /code=([A-Z0-9]{10})/.exec(resetMail.text ?? '')?.[1] ?? '';
        // Opened as a browser does: the request line is logged, with its query.
        const resetLink = /https?:\/\/\S+code=[A-Z0-9]{10}/.exec(resetMail.text ?? '')?.[0] ?? '';
        expect(resetLink).not.toBe('');
        const verificationQuery = new URLSearchParams({
          user: verification.user,
          token: verification.token,
        });
        for (const url of [resetLink, `${paths.verifyEmail}?${verificationQuery.toString()}`]) {
          const { pathname, search } = new URL(url, 'http://localhost');
          await app.inject({ method: 'GET', url: `${pathname}${search}` });
        }

        const log = lines.join('');
        expect(log).toContain('"requestId"');
        // The opened links' request lines are there, their secrets are not.
        expect(log).toContain(`${paths.resetPassword}?`);
        expect(log).toContain(`${paths.verifyEmail}?`);
        expect(code).toHaveLength(10);
        for (const secret of [verification.token, code]) expect(log).not.toContain(secret);
        expect(log).not.toMatch(/reset link|verification link|resetLink|verifyLink/);
      } finally {
        await app.close();
        await smtp.close();
      }
    }
  });
});
