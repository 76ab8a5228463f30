import type { FastifyPluginAsync } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { Database } from '../../infra/db/index.js';
import type { Mailer } from '../../infra/mail/index.js';
import { BackgroundTasks } from '../accounts/index.js';
import { supportRoutes } from './routes.js';
import { createSupportService } from './service.js';

export interface SupportModuleOptions {
  config: Pick<AppConfig, 'publicUrl' | 'supportEmail'>;
  database: Database;
  mailer: Mailer;
}

/** Customer care (issue 7). Registered after accounts, whose `authenticateUser` it uses. */
export const supportModule: FastifyPluginAsync<SupportModuleOptions> = async (
  app,
  { config, database, mailer },
) => {
  const tasks = new BackgroundTasks(app.log);
  // Mails of tickets already answered still go out before the app's mailer closes.
  app.addHook('onClose', async () => {
    await tasks.drain();
  });
  const service = createSupportService({ db: database.db, config, mailer, tasks, log: app.log });
  await app.register(supportRoutes, { service });
};
