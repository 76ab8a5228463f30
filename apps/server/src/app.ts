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
import type { AppConfig } from './config.js';
import { registerCompression } from './http/compression.js';
import { errorHandler, notFoundHandler } from './http/error-handler.js';
import { registerOpenApi } from './http/openapi.js';
import { matchQueryNamesCaseInsensitively } from './http/query-names.js';
import { registerPrivateAnswers } from './http/private-answers.js';
import { fastifyTrustProxy } from './http/trust-proxy.js';
import { registerRateLimit } from './http/rate-limit.js';
import { registerRequestMetrics } from './http/request-metrics.js';
import { registerSecurityHeaders } from './http/security.js';
import { createInternalRequests } from './http/internal-requests.js';
import { createRenderReads } from './http/render-reads.js';
import { registerSpa } from './http/spa.js';
import type { Database } from './infra/db/index.js';
import { loadServerSecret } from './infra/secret.js';
import { loadServerKeys } from './modules/keys/index.js';
import { createFileStorage, type FileStorage } from './infra/storage/index.js';
import { closeConnectionsWhenClosing, trackUnfinishedResponses } from './lifecycle.js';
import { startMailDelivery } from './mail-delivery.js';
import type { ModuleContext } from './module-context.js';
import { createLogger, requestIdFor } from './logger.js';
import { accountsModule, type Argon2Cost } from './modules/accounts/index.js';
import { adminModule } from './modules/admin/index.js';
import {
  catalogModule,
  createCatalogPageLookup,
  watchCatalogChanges,
  createPicturePreload,
  createPublishedPictures,
} from './modules/catalog/index.js';
import { generationModule, type GenerationTuning } from './modules/generation/index.js';
import { giftCardsModule } from './modules/gift-cards/index.js';
import { healthModule } from './modules/health/index.js';
import { createIdempotency } from './modules/idempotency/index.js';
import { ledgerModule } from './modules/ledger/index.js';
import type { MailTuning } from './modules/mail/index.js';
import { ordersModule } from './modules/orders/index.js';
import { receiptsModule } from './modules/receipts/index.js';
import { paymentsModule } from './modules/payments/index.js';
import { privacyModule } from './modules/privacy/index.js';
import { salesModule } from './modules/sales/index.js';
import { supportModule } from './modules/support/index.js';
import { walletModule } from './modules/wallet/index.js';
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

/** Accounts first: every other module's routes ask it who is signed in. */
const MODULES = [
  accountsModule,
  healthModule,
  catalogModule,
  supportModule,
  ledgerModule,
  paymentsModule,
  receiptsModule,
  walletModule,
  ordersModule,
  giftCardsModule,
  generationModule,
  adminModule,
  salesModule,
  privacyModule,
];

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
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: BODY_LIMIT_BYTES,
    // Paths are spelt as the spec spells them but matched without regard to case
    // (docs/product/api.md#conventions).
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
  registerRequestMetrics(app);

  // External plugins.
  registerSecurityHeaders(app);
  registerPrivateAnswers(app);
  await registerCompression(app);
  // The server render's calls to its own API are told apart from visitors' (rate limits).
  const internalRequests = createInternalRequests();
  // Filled by the modules (the catalog's first-view answers), read by the server render.
  const renderReads = createRenderReads();
  await registerRateLimit(app, config, internalRequests);
  await registerOpenApi(app, { version });

  // App plugins.
  // A picture page's status and preload come from one lookup of its offer, forgotten with the pages.
  const pictures = createPublishedPictures(database.db);
  const spaFallback = config.serveWeb
    ? await registerSpa(
        app,
        config.webDistDir,
        {
          links: createPicturePreload(database.db, pictures),
          exists: createCatalogPageLookup(database.db, pictures),
          watchCatalog: (onChange) =>
            watchCatalogChanges(
              database,
              () => {
                pictures.clear();
                onChange();
              },
              app.log,
            ),
        },
        {
          publicUrl: config.publicUrl,
          testShop: config.paymentProvider === 'sandbox',
          internal: internalRequests,
          reads: renderReads,
        },
      )
    : undefined;

  // Shared by the modules: one secret (keys are derived per use) and one mail outbox. Its senders
  // (WORKER=1) stop when the app closes; queued mail waits in the database for the next start.
  const secret = await loadServerSecret(config);
  const keys = await loadServerKeys(database.db, secret, config.jwtSecretPrevious);
  const mailRuntime = await startMailDelivery({
    config,
    database,
    // Queued mail bodies are data at rest.
    secret: keys.data,
    log: app.log,
    runWorkers: config.generation.worker,
    tuning: mail,
  });
  app.addHook('onClose', async () => mailRuntime.stop());

  // Every module, in one list: each is a plugin (its module.ts) taking what it needs of the
  // context and declaring the modules it needs registered before it, which Fastify checks.
  const context: ModuleContext = {
    config,
    database,
    storage,
    secret,
    keys,
    outbox: mailRuntime.outbox,
    idempotency: createIdempotency(database.db),
    renderReads,
    tuning: { generation, passwordHashing },
  };
  for (const module of MODULES) await app.register(module, context);

  // Unknown /api paths are rate limited too, so that guessing URLs costs the same as using them.
  app.setNotFoundHandler({ preHandler: app.rateLimit() }, notFoundHandler(spaFallback));

  return app;
}
