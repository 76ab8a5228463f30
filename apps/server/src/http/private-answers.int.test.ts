// What a browser, proxy or CDN may keep of the API's answers: nothing of a person's. Asked as a
// signed-in user, and signed out for the calls that hand out tokens.
import { expect, it } from 'vitest';
import { apiPaths } from '@pictura/contract';
import { bearer, describeEachEngine, randomIp, signUp } from '../test/index.js';

describeEachEngine('Cache-Control of personal answers', (ctx) => {
  it('is private, no-store on every signed-in API answer, and on sign-in and refresh', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    const signedIn = { headers: bearer(user.accessToken), remoteAddress: randomIp() };
    const answers = {
      profile: await app.inject({ method: 'GET', url: apiPaths.accountsProfile, ...signedIn }),
      sessions: await app.inject({ method: 'GET', url: apiPaths.accountsSessions, ...signedIn }),
      passkeys: await app.inject({ method: 'GET', url: apiPaths.accountsPasskeys, ...signedIn }),
      balance: await app.inject({ method: 'GET', url: apiPaths.balance, ...signedIn }),
      history: await app.inject({ method: 'GET', url: apiPaths.balanceHistory, ...signedIn }),
      export: await app.inject({ method: 'GET', url: apiPaths.privacyExports, ...signedIn }),
      deletion: await app.inject({
        method: 'GET',
        url: apiPaths.privacyAccountDeletion,
        ...signedIn,
      }),
      refused: await app.inject({
        method: 'GET',
        url: apiPaths.accountsProfile,
        headers: bearer('not-a-token'),
      }),
      login: await app.inject({
        method: 'POST',
        url: apiPaths.accountsLogin,
        remoteAddress: randomIp(),
        payload: { email: user.email, password: user.password },
      }),
      refresh: await app.inject({
        method: 'POST',
        url: apiPaths.accountsRefresh,
        remoteAddress: randomIp(),
        payload: { refreshToken: user.refreshToken },
      }),
    };
    for (const [name, response] of Object.entries(answers)) {
      expect(response.statusCode, name).toBeLessThan(500);
      expect(response.headers['cache-control'], name).toBe('private, no-store');
    }
  });

  it('leaves a public answer public, whoever asks', async () => {
    const app = await ctx.buildApp();
    const user = await signUp(app);
    for (const headers of [{}, bearer(user.accessToken)]) {
      const shop = await app.inject({ method: 'GET', url: apiPaths.shop, headers });
      expect(shop.headers['cache-control']).toBe('public, max-age=60');
    }
  });
});
