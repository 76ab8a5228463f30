import fp from 'fastify-plugin';
import type { FastifyPluginAsync } from 'fastify';
import { deriveKey } from '../../infra/secret.js';
import type { ModuleContext } from '../../module-context.js';
import { createAccessTokens } from './access-tokens.js';
import { BackgroundTasks } from '../../lib/index.js';
import { createPasskeyService } from './passkey-service.js';
import { passkeyRoutes } from './passkey-routes.js';
import { createPasswordService } from './password-service.js';
import { createPasswordHasher } from './passwords.js';
import { accountsRoutes } from './routes.js';
import { sessionRoutes } from './session-routes.js';
import { createAccountsService } from './service.js';
import { createTwoStepService } from './totp-service.js';
import { twoStepRoutes } from './totp-routes.js';
import { decoratePasswordCheckLimit } from './user-rate-limits.js';
import { createEmailVerificationService } from './email-verification-service.js';
import { emailVerificationRoutes } from './verification-routes.js';
import { createReauthenticationService } from './reauthentication-service.js';
import { reauthenticationRoutes } from './reauthentication-routes.js';
import { accountEventRoutes } from './account-event-routes.js';
import { trackRequestOrigin } from './request-origin.js';

/**
 * Accounts and sessions. Not encapsulated: it gives the whole app `authenticateUser` and
 * `request.user`, which `requireUser` uses on other modules' routes, so they declare it as a
 * dependency and are registered after it.
 */
const accounts: FastifyPluginAsync<ModuleContext> = async (
  app,
  { config, database, keys, outbox, tuning: { passwordHashing } },
) => {
  const tasks = new BackgroundTasks(app.log);
  const deps = {
    db: database.db,
    config,
    outbox,
    tasks,
    log: app.log,
    passwords: createPasswordHasher(passwordHashing),
    resetCodeKey: deriveKey(keys.signing, 'reset-code'),
    // Data at rest: under the data key, which outlives a change of JWT_SECRET (modules/keys).
    twoStepKeys: {
      secret: deriveKey(keys.data, 'totp-secret'),
      recoveryCode: deriveKey(keys.data, 'recovery-code'),
    },
    accessTokens: createAccessTokens({
      key: deriveKey(keys.signing, 'access-token'),
      previousKeys: keys.signingPrevious.map((previous) => deriveKey(previous, 'access-token')),
      issuer: config.publicUrl,
      // The API is the audience: a token minted for anything else of this site is refused.
      audience: `${config.publicUrl}/api`,
      ttlSeconds: config.accessTokenTtlSeconds,
    }),
  };
  const service = { ...createAccountsService(deps), ...createPasswordService(deps) };

  app.decorate('authenticateUser', service.authenticate);
  trackRequestOrigin(app);
  decoratePasswordCheckLimit(app);
  app.decorateRequest('user', null);
  // Runs once in-flight requests are done: a forgot-password lookup under way still queues its mail.
  app.addHook('onClose', async () => {
    await tasks.drain();
  });

  await app.register(accountsRoutes, { service, config });
  await app.register(sessionRoutes, { service });
  await app.register(accountEventRoutes, { db: deps.db });
  await app.register(twoStepRoutes, {
    service: createTwoStepService({ ...deps, keys: deps.twoStepKeys }),
    config,
  });
  await app.register(passkeyRoutes, { service: createPasskeyService(deps), config });
  await app.register(reauthenticationRoutes, {
    service: createReauthenticationService(deps),
    config,
  });
  await app.register(emailVerificationRoutes, {
    service: createEmailVerificationService(deps, service.profile),
    db: deps.db,
    config,
  });
};

export const accountsModule = fp(accounts, { name: 'accounts', fastify: '5.x' });
