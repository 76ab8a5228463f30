// An unverified address proves nothing (account pre-hijacking): a squatter who registers someone
// else's address can add no factor and ask for no export, and whatever factor a squatter added
// before that rule (marked when the migration ran) goes when the address's owner resets the
// password; a reset also cancels a pending change of address and ends every session.
import type { ParsedMail } from 'mailparser';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import {
  apiPathTo,
  apiPaths,
  EMAIL_VERIFICATION_MESSAGES,
  TokenResponseSchema,
} from '@pictura/contract';
import type { App } from '../../app.js';
import {
  addPasskey,
  bearer,
  createSoftAuthenticator,
  describeEachEngine,
  enrollTwoStep,
  loginOptions,
  loginWithCode,
  PASSKEY_ORIGIN,
  passkeyLogin,
  randomIp,
  signUp,
  useSmtpCapture,
  verificationLinkIn,
  type TestUser,
} from '../../test/index.js';
import { userIdOf } from '../../test/payments.js';

const NOT_VERIFIED = { errors: { '': EMAIL_VERIFICATION_MESSAGES.notVerified } };
const NEW_PASSWORD = 'copper-Lantern-58-orchard';

const post = (app: App, user: TestUser, url: string, payload?: object) =>
  app.inject({
    method: 'POST',
    url,
    remoteAddress: randomIp(),
    headers: bearer(user.accessToken),
    ...(payload ? { payload } : {}),
  });

function resetCodeIn(mail: ParsedMail): string {
  const href = /https?:\/\/\S+\/reset-password\?\S+/.exec(mail.text ?? '')?.[0];
  return new URL(href ?? 'http://none').searchParams.get('code') ?? '';
}

describeEachEngine('an unverified address', (ctx) => {
  const smtp = useSmtpCapture();
  const buildApp = () => ctx.buildApp({ env: { SMTP_URL: smtp.url } });

  /** The owner of `email` asks for a reset code by mail and sets a new password with it. */
  async function ownerResets(app: App, email: string) {
    await app.inject({
      method: 'POST',
      url: apiPaths.accountsForgotPassword,
      remoteAddress: randomIp(),
      payload: { email },
    });
    const code = resetCodeIn(
      await smtp.nextMailTo(email, 10_000, (mail) => /reset/i.test(mail.subject ?? '')),
    );
    const reset = await app.inject({
      method: 'POST',
      url: apiPaths.accountsResetPassword,
      remoteAddress: randomIp(),
      payload: { email, code, password: NEW_PASSWORD, repeatedPassword: NEW_PASSWORD },
    });
    expect(reset.statusCode, reset.body).toBe(200);
  }

  it('lets a squatter add no two-step sign-in, no passkey and ask for no export', async () => {
    const app = await buildApp();
    const squatter = await signUp(app, { verified: false });
    const refusals = {
      twoStep: await post(app, squatter, apiPathTo.accountsTwoStepSetup()),
      passkey: await post(app, squatter, apiPathTo.accountsPasskeyRegistrationOptions(), {
        currentPassword: squatter.password,
      }),
      export: await post(app, squatter, apiPaths.privacyExports),
    };
    for (const [name, response] of Object.entries(refusals)) {
      expect(response.statusCode, name).toBe(400);
      expect(response.json(), name).toEqual(NOT_VERIFIED);
    }
    const rows = await ctx.database.db.execute(sql`
      select 1 from totp_factors where user_id = ${userIdOf(squatter)}
      union all select 1 from data_exports where user_id = ${userIdOf(squatter)}`);
    expect(rows.rows).toEqual([]);
  });

  it('removes the squatter’s passkey and two-step sign-in when the owner resets the password', async () => {
    const app = await buildApp();
    const db = ctx.database.db;
    const squatter = await signUp(app, { verified: false, smtp });
    const userId = userIdOf(squatter);
    // Before the rule existed: the squatter added a passkey and two-step sign-in unverified,
    // which the migration marked as such.
    await db.execute(sql`update users set email_verified_at = now() where id = ${userId}`);
    const squattersDevice = createSoftAuthenticator({ origin: PASSKEY_ORIGIN });
    await addPasskey(app, squatter, squattersDevice);
    await enrollTwoStep(app, squatter);
    await db.execute(sql`update users set email_verified_at = null where id = ${userId}`);
    await db.execute(sql`update passkeys set added_unverified = true where user_id = ${userId}`);
    await db.execute(
      sql`update totp_factors set added_unverified = true where user_id = ${userId}`,
    );

    await ownerResets(app, squatter.email);

    const squatterSignIn = await passkeyLogin(app, squattersDevice.signIn(await loginOptions(app)));
    expect(squatterSignIn.statusCode).toBe(400);
    // The owner signs in with the new password alone: no code the squatter holds is asked for.
    const owner = await loginWithCode(app, { email: squatter.email, password: NEW_PASSWORD });
    expect(owner.statusCode, owner.body).toBe(200);
    expect(TokenResponseSchema.safeParse(owner.json()).success).toBe(true);
    const refreshed = await app.inject({
      method: 'POST',
      url: apiPaths.accountsRefresh,
      remoteAddress: randomIp(),
      payload: { refreshToken: squatter.refreshToken },
    });
    expect(refreshed.statusCode).toBe(401);
    const verified = await db.execute<{ verified: boolean }>(
      sql`select email_verified_at is not null as verified from users where id = ${userId}`,
    );
    expect(verified.rows).toEqual([{ verified: true }]);
  });

  it('keeps the factors the owner added while verified through a reset', async () => {
    const app = await buildApp();
    const user = await signUp(app, { smtp });
    const device = createSoftAuthenticator({ origin: PASSKEY_ORIGIN });
    await addPasskey(app, user, device);

    await ownerResets(app, user.email);

    const signIn = await passkeyLogin(app, device.signIn(await loginOptions(app)));
    expect(signIn.statusCode, signIn.body).toBe(200);
  });

  it('cancels a pending change of address when the password is reset', async () => {
    const app = await buildApp();
    const user = await signUp(app, { smtp });
    const newEmail = `moved-${userIdOf(user)}@example.com`;
    const changed = await post(app, user, apiPaths.accountsChangeEmail, {
      email: newEmail,
      currentPassword: user.password,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const link = verificationLinkIn((await smtp.nextMailTo(newEmail)).text);

    await ownerResets(app, user.email);

    const opened = await app.inject({
      method: 'POST',
      url: apiPaths.accountsVerifyEmail,
      remoteAddress: randomIp(),
      payload: link,
    });
    expect(opened.statusCode).toBe(400);
    expect(opened.json()).toEqual({ errors: { '': EMAIL_VERIFICATION_MESSAGES.invalidLink } });
  });
});
