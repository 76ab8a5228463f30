import { apiPathTo } from '@pictura/contract';
import type { App } from './app.js';
import type { AppConfig } from './config.js';
import type { Database } from './infra/db/index.js';
import type { MailOutbox } from './modules/mail/index.js';
import type { FileStorage } from './infra/storage/index.js';
import { createPaymentGateway, sandboxKeys, sandboxPaymentPages } from './infra/payments/index.js';
import { giftCardsModule } from './modules/gift-cards/index.js';
import { createIdempotency } from './modules/idempotency/index.js';
import { ledgerRoutes } from './modules/ledger/index.js';
import { ordersModule } from './modules/orders/index.js';
import {
  createPaymentsService,
  paymentsRoutes,
  startPaymentExpiry,
} from './modules/payments/index.js';
import { walletModule } from './modules/wallet/index.js';

export interface MoneyDeps {
  config: AppConfig;
  database: Database;
  storage: FileStorage;
  secret: string;
  outbox: MailOutbox;
}

/**
 * The money modules (issue 5): balances, payments through the configured provider, deposits, orders
 * and gift cards. Orders and deposits tell the payments service what happens when their payments
 * settle; the money-moving POSTs share one Idempotency-Key store.
 */
export async function registerMoney(
  app: App,
  { config, database, storage, secret, outbox }: MoneyDeps,
): Promise<void> {
  const payments = createPaymentsService({
    db: database.db,
    gateway: createPaymentGateway(config, secret),
    publicUrl: config.publicUrl,
    log: app.log,
    outbox,
  });
  const idempotency = createIdempotency(database.db);

  await app.register(ledgerRoutes, { db: database.db });
  await app.register(paymentsRoutes, { payments });
  if (config.paymentProvider === 'sandbox') {
    // The sandbox stands in for a provider's servers: it delivers its webhooks through the app's
    // own HTTP pipeline (raw body, signature check), as a provider's request would arrive.
    await app.register(sandboxPaymentPages, {
      keys: sandboxKeys(secret),
      deliverWebhook: async (rawBody, headers) => {
        const response = await app.inject({
          method: 'POST',
          url: apiPathTo.paymentsWebhook('sandbox'),
          headers: { ...headers, 'content-type': 'application/json' },
          payload: rawBody,
        });
        return response.statusCode;
      },
    });
  }
  await app.register(walletModule, { config, database, payments, idempotency });
  await app.register(ordersModule, {
    config,
    database,
    storage,
    payments,
    idempotency,
    outbox,
    secret,
  });
  await app.register(giftCardsModule, { database, secret, idempotency });

  const stopPaymentExpiry = startPaymentExpiry(payments, app.log);
  app.addHook('onClose', stopPaymentExpiry);
}
