import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type RawServerDefault,
  type RouteOptions,
} from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_API_PREFIX } from '@pictura/contract';
import type { AppConfig } from './config.js';
import { registerCompression } from './http/compression.js';
import { errorHandler, notFoundHandler } from './http/error-handler.js';
import { registerOpenApi } from './http/openapi.js';
import { matchQueryNamesCaseInsensitively } from './http/query-names.js';
import { registerRateLimit } from './http/rate-limit.js';
import { registerSecurityHeaders } from './http/security.js';
import { registerSpa } from './http/spa.js';
import type { Database } from './infra/db/index.js';
import { loadServerSecret } from './infra/secret.js';
import { createFileStorage, type FileStorage } from './infra/storage/index.js';
import { closeConnectionsWhenClosing, trackUnfinishedResponses } from './lifecycle.js';
import { startMailDelivery } from './mail-delivery.js';
import { registerMoney } from './money.js';
import { registerAdminAreas } from './admin-routes.js';
import { adminScope } from './modules/admin/index.js';
import { createLogger, requestIdFor } from './logger.js';
import { accountsModule, type Argon2Cost } from './modules/accounts/index.js';
import { catalogModule, createPicturePreload } from './modules/catalog/index.js';
import { healthRoutes, shopRoutes } from './modules/health/index.js';
import { generationModule, type GenerationTuning } from './modules/generation/index.js';
import type { MailTuning } from './modules/mail/index.js';
import { supportModule } from './modules/support/index.js';
import { SERVER_ROOT } from './paths.js';

export interface AppDeps {
  config: AppConfig;
  database: Database;
  /** Defaults to the one the config selects (main passes the one it checked at start-up). */
  storage?: FileStorage;
  /** Defaults to a pino logger made from the config (main passes the one it already logs with). */
  logger?: FastifyBaseLogger;
  /** Sees every route as it is added: how the admin route-table test finds all admin routes. */
  observeRoutes?: (route: RouteOptions) => void;
  /** Image generation settings tests shorten (a generator of their own, fast polling). */
  generation?: GenerationTuning;
  /** Mail settings tests shorten (a transport of their own, fast polling and retries). */
  mail?: MailTuning;
  /** argon2's cost, which tests lower; production always hashes at ARGON2_OPTIONS (no setting). */
  passwordHashing?: Argon2Cost;
}

export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** Request bodies are JSON forms; none comes near this (uploads, if any, get their own limit). */
export const BODY_LIMIT_BYTES = 1024 * 1024;

const { version } = z
  .object({ version: z.string() })
  .parse(JSON.parse(readFileSync(join(SERVER_ROOT, 'package.json'), 'utf8')));

/**
 * The whole HTTP application, not yet listening: tests drive it with `app.inject`, main.ts listens.
 * Order (fastify/demo): what every route must see, then external plugins, then app plugins, then
 * the modules' routes. Routes added by the caller before `ready()` get all of it too.
 */
export async function buildApp({
  config,
  database,
  storage = createFileStorage(config),
  logger,
  generation,
  mail,
  observeRoutes,
  passwordHashing,
}: AppDeps): Promise<App> {
  const app = Fastify({
    loggerInstance: logger ?? createLogger(config),
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    genReqId: requestIdFor,
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    // Paths are spelt as the spec spells them but matched without regard to case (DESIGN section 6).
    routerOptions: { caseSensitive: false },
    // While closing, in-flight requests finish and new ones get 503 (graceful shutdown).
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  // Every route, including those of plugins and tests, is validated with zod and fails through
  // the one error handler; these must be in place before the first route is added.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  app.addHook('onRoute', matchQueryNamesCaseInsensitively);
  if (observeRoutes) app.addHook('onRoute', observeRoutes);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  closeConnectionsWhenClosing(app);
  trackUnfinishedResponses(app);

  // External plugins.
  await registerSecurityHeaders(app);
  await registerCompression(app);
  await registerRateLimit(app, config);
  await registerOpenApi(app, { version });

  // App plugins.
  const spaFallback = config.serveWeb
    ? await registerSpa(app, config.webDistDir, createPicturePreload(database.db))
    : undefined;

  // Shared by the modules: one secret (keys are derived per use) and one mail outbox. Its senders
  // (WORKER=1) stop when the app closes; queued mail waits in the database for the next start.
  const secret = await loadServerSecret(config);
  const mailRuntime = await startMailDelivery({
    config,
    database,
    secret,
    log: app.log,
    runWorkers: config.generation.worker,
    tuning: mail,
  });
  app.addHook('onClose', async () => mailRuntime.stop());
  const outbox = mailRuntime.outbox;

  // Module routes. Accounts first: it provides `requireUser` to the modules after it.
  await app.register(accountsModule, { config, database, secret, outbox, passwordHashing });
  await app.register(healthRoutes, { database });
  await app.register(shopRoutes, { config });
  await app.register(catalogModule, { database, storage });
  await app.register(supportModule, { config, database, outbox });

  await registerMoney(app, { config, database, storage, secret, outbox });
  await app.register(generationModule, { config, database, storage, tuning: generation });

  // The back office, deny by default: every route inside answers only to admins.
  await app.register(adminScope, {
    prefix: ADMIN_API_PREFIX,
    db: database.db,
    registerAreas: (scope) =>
      registerAdminAreas(scope, { config, database, storage, outbox, secret }),
  });

  // Unknown /api paths are rate limited too, so that guessing URLs costs the same as using them.
  app.setNotFoundHandler({ preHandler: app.rateLimit() }, notFoundHandler(spaFallback));

  return app;
}
