import type { FastifyInstance } from 'fastify';
import type { AppConfig } from './config.js';
import type { Database } from './infra/db/index.js';
import type { Mailer } from './infra/mail/index.js';
import { auditRoutes } from './modules/admin/index.js';

export interface AdminAreaDeps {
  config: AppConfig;
  database: Database;
  mailer: Mailer;
  secret: string;
}

/**
 * Every back-office area (issue 8). Each module owns its admin routes as a plugin; they are all
 * registered here, inside the admin scope, so none can be added outside the admin check.
 */
export async function registerAdminAreas(
  scope: FastifyInstance,
  { database }: AdminAreaDeps,
): Promise<void> {
  await scope.register(auditRoutes, { db: database.db });
  // ADMIN-AREAS: one line per area, e.g. `await scope.register(ordersAdminRoutes, { ... });`
}
