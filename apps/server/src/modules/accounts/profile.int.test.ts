import { expect, it } from 'vitest';
import { apiPaths } from '@pictura/contract';
import type { App } from '../../app.js';
import { bearer, describeEachEngine, signUp } from '../../test/index.js';

const billing = { country: 'es', city: ' Madrid ', address1: 'Calle Mayor 1', zipCode: '28013' };

const post = (app: App, url: string, accessToken: string, payload: object) =>
  app.inject({ method: 'POST', url, headers: bearer(accessToken), payload });

const getProfile = (app: App, accessToken: string) =>
  app.inject({ method: 'GET', url: apiPaths.accountsProfile, headers: bearer(accessToken) });

describeEachEngine('profile and billing information', (ctx) => {
  it('shows a new user email (not yet verified), empty names and billing, and EUR', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app, { verified: false });

    const response = await getProfile(app, user.accessToken);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      email: user.email,
      firstName: null,
      lastName: null,
      country: null,
      city: null,
      address1: null,
      state: null,
      zipCode: null,
      currency: 'EUR',
      // Everyone is a customer until `npm run admin:create` says otherwise.
      isAdmin: false,
      // Until the sign-up mail's link is opened.
      emailVerified: false,
      pendingEmail: null,
    });
  });

  it('updates the names (trimmed) and answers with the profile', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);

    const response = await post(app, apiPaths.accountsUpdate, user.accessToken, {
      firstName: ' Ann ',
      lastName: 'Lee',
    });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ firstName: 'Ann', lastName: 'Lee' });
    expect((await getProfile(app, user.accessToken)).json()).toMatchObject({ firstName: 'Ann' });
  });

  it('updates billing information, and a later one without a state clears it', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);

    const first = await post(app, apiPaths.accountsUpdateBilling, user.accessToken, {
      ...billing,
      state: 'Madrid',
    });
    const second = await post(app, apiPaths.accountsUpdateBilling, user.accessToken, billing);

    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ country: 'ES', city: 'Madrid', state: 'Madrid' });
    expect(second.json()).toMatchObject({
      country: 'ES',
      city: 'Madrid',
      address1: 'Calle Mayor 1',
      zipCode: '28013',
      state: null,
    });
  });

  it('answers 400 with a field map for invalid names and billing', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);

    const names = await post(app, apiPaths.accountsUpdate, user.accessToken, {
      firstName: ' ',
      lastName: 'x'.repeat(101),
    });
    const address = await post(app, apiPaths.accountsUpdateBilling, user.accessToken, {
      ...billing,
      country: 'Spain',
      zipCode: '',
    });

    expect(names.statusCode).toBe(400);
    expect(Object.keys(names.json<{ errors: object }>().errors).sort()).toEqual([
      'firstName',
      'lastName',
    ]);
    expect(address.statusCode).toBe(400);
    expect(Object.keys(address.json<{ errors: object }>().errors).sort()).toEqual([
      'country',
      'zipCode',
    ]);
  });

  it("touches only the token's own user: an id in the body is refused, not used", async () => {
    const app = await ctx.buildApp();
    const ann = await signUp(app);
    const ben = await signUp(app);

    const smuggled = await post(app, apiPaths.accountsUpdate, ann.accessToken, {
      firstName: 'Mallory',
      lastName: 'X',
      email: ben.email,
    });
    await post(app, apiPaths.accountsUpdate, ann.accessToken, { firstName: 'Ann', lastName: 'A' });
    await post(app, apiPaths.accountsUpdateBilling, ben.accessToken, billing);

    expect(smuggled.statusCode).toBe(400);
    expect((await getProfile(app, ann.accessToken)).json()).toMatchObject({
      email: ann.email,
      firstName: 'Ann',
      country: null,
    });
    expect((await getProfile(app, ben.accessToken)).json()).toMatchObject({
      email: ben.email,
      firstName: null,
      country: 'ES',
    });
  });

  it('answers 401 without a token, before looking at the body', async () => {
    const app = await ctx.buildApp();

    const statuses = await Promise.all([
      app.inject({ method: 'GET', url: apiPaths.accountsProfile }),
      app.inject({ method: 'POST', url: apiPaths.accountsUpdate, payload: { firstName: '' } }),
      app.inject({ method: 'POST', url: apiPaths.accountsUpdateBilling, payload: {} }),
    ]);

    expect(statuses.map((response) => response.statusCode)).toEqual([401, 401, 401]);
  });

  it('matches the paths without regard to case', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);

    const response = await app.inject({
      method: 'GET',
      url: '/api/accounts/PROFILE',
      headers: bearer(user.accessToken),
    });

    expect(response.statusCode).toBe(200);
  });
});
