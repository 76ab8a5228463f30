// The back office opens only for an admin who signs in with a second factor.
import { expect, it } from 'vitest';
import { adminApiPaths, apiPaths, TWO_STEP_MESSAGES, TwoStepStatusSchema } from '@pictura/contract';
import {
  addPasskey,
  bearer,
  createSoftAuthenticator,
  describeEachEngine,
  enrollTwoStep,
  loginWithCode,
  PASSKEY_ORIGIN,
  signUp,
  totpCode,
} from '../../test/index.js';
import { promoteToAdmin } from '../accounts/index.js';

describeEachEngine('the back office and second factors', (ctx) => {
  it('answers 403 to an admin without a second factor, then opens once one is set up', async () => {
    const app = await ctx.buildApp();
    const admin = await signUp(app);
    expect(await promoteToAdmin(ctx.database.db, admin.email)).toBe(true);
    const audit = (accessToken: string) =>
      app.inject({ method: 'GET', url: adminApiPaths.audit, headers: bearer(accessToken) });

    const refused = await audit(admin.accessToken);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ errors: { '': TWO_STEP_MESSAGES.secondFactorRequired } });
    // The account settings still work, and say what is missing.
    const before = await app.inject({
      method: 'GET',
      url: apiPaths.accountsTwoStep,
      headers: bearer(admin.accessToken),
    });
    expect(TwoStepStatusSchema.parse(before.json()).secondFactor).toBe(false);

    const { secret, confirmedStep } = await enrollTwoStep(app, admin);
    expect((await audit(admin.accessToken)).statusCode).toBe(200);

    // From now on the admin's password alone signs in no more.
    expect((await loginWithCode(app, admin)).json()).toEqual({
      errors: { code: TWO_STEP_MESSAGES.codeRequired },
    });
    const login = await loginWithCode(app, admin, await totpCode(secret, confirmedStep + 1));
    expect(login.statusCode).toBe(200);
    expect((await audit(login.json<{ accessToken: string }>().accessToken)).statusCode).toBe(200);
  });

  it('opens for an admin whose second factor is a passkey', async () => {
    const app = await ctx.buildApp();
    const admin = await signUp(app);
    expect(await promoteToAdmin(ctx.database.db, admin.email)).toBe(true);
    const audit = () =>
      app.inject({ method: 'GET', url: adminApiPaths.audit, headers: bearer(admin.accessToken) });
    expect((await audit()).statusCode).toBe(403);

    await addPasskey(app, admin, createSoftAuthenticator({ origin: PASSKEY_ORIGIN }));
    expect((await audit()).statusCode).toBe(200);
  });
});
