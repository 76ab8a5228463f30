import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { apiPathTo } from '@pictura/contract';
import {
  createPaymentGateway,
  sandboxKeys,
  sandboxPaymentPages,
} from '../../infra/payments/index.js';
import type { ModuleContext } from '../../module-context.js';
import { registerAdminArea } from '../admin/index.js';
import { creditNotesAdminRoutes } from './admin-credit-note-routes.js';
import { paymentsAdminRoutes } from './admin-routes.js';
import { startPaymentExpiry } from './expiry.js';
import { paymentsRoutes } from './routes.js';
import { createPaymentsService, type PaymentsService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Opens payments and settles them; the modules that sell register what settling does. */
    paymentsService: PaymentsService;
  }
}

/**
 * Payments through the configured provider: the webhook, the result page's status, the expiry
 * sweep, and captured payments that did not become a sale in the back office. Not encapsulated:
 * it gives the app `paymentsService`, which the wallet and orders modules (declaring it as a
 * dependency) tell what happens when their payments settle.
 */
const payments: FastifyPluginAsync<ModuleContext> = async (
  app,
  { config, database, secret, outbox },
) => {
  const gateway = createPaymentGateway(config, secret);
  const service = createPaymentsService({
    db: database.db,
    gateway,
    publicUrl: config.publicUrl,
    log: app.log,
    outbox,
    seller: config.shop,
    shopEmail: config.supportEmail,
  });
  app.decorate('paymentsService', service);

  await app.register(paymentsRoutes, { payments: service });
  // The sandbox stands in for a provider's servers: it delivers its webhooks through the app's
  // own HTTP pipeline (raw body, signature check), as a provider's request would arrive; the back
  // office's "simulate a dispute" plays the card network the same way.
  const sandbox =
    config.paymentProvider === 'sandbox'
      ? {
          keys: sandboxKeys(secret),
          deliverWebhook: async (rawBody: string, headers: Record<string, string>) => {
            const response = await app.inject({
              method: 'POST',
              url: apiPathTo.paymentsWebhook('sandbox'),
              headers: { ...headers, 'content-type': 'application/json' },
              payload: rawBody,
            });
            return response.statusCode;
          },
        }
      : undefined;
  if (sandbox) await app.register(sandboxPaymentPages, sandbox);
  await registerAdminArea(app, database.db, paymentsAdminRoutes, {
    db: database.db,
    gateway,
    ...(sandbox ? { simulate: { db: database.db, ...sandbox } } : {}),
  });

  await registerAdminArea(app, database.db, creditNotesAdminRoutes, {
    db: database.db,
    publicUrl: config.publicUrl,
  });

  const stopPaymentExpiry = startPaymentExpiry(service, app.log);
  app.addHook('onClose', stopPaymentExpiry);
};

export const paymentsModule = fp(payments, { name: 'payments', dependencies: ['accounts'] });
