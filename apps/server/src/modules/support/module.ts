import type { FastifyPluginAsync } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { Database } from '../../infra/db/index.js';
import type { MailOutbox } from '../mail/index.js';
import { supportRoutes } from './routes.js';
import { createSupportService } from './service.js';

export interface SupportModuleOptions {
  config: Pick<AppConfig, 'publicUrl' | 'supportEmail'>;
  database: Database;
  outbox: MailOutbox;
}

/** Customer care (issue 7). Registered after accounts, whose `authenticateUser` it uses. */
export const supportModule: FastifyPluginAsync<SupportModuleOptions> = async (
  app,
  { config, database, outbox },
) => {
  const service = createSupportService({ db: database.db, config, outbox, log: app.log });
  await app.register(supportRoutes, { service });
};
