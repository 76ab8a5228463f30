import { availableParallelism } from 'node:os';
import type { FastifyPluginAsync } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { Database } from '../../infra/db/index.js';
import { createFileStorage } from '../../infra/storage/index.js';
import { createPreviewStore } from './images.js';
import { catalogRoutes } from './routes.js';
import { createCatalogCaches } from './service.js';

export interface CatalogModuleOptions {
  config: Pick<AppConfig, 'dataDir'>;
  database: Database;
}

/** The catalog (issue 4): offers, categories and their public previews. */
export const catalogModule: FastifyPluginAsync<CatalogModuleOptions> = async (
  app,
  { config, database },
) => {
  const previews = createPreviewStore(createFileStorage(config), availableParallelism());
  await app.register(catalogRoutes, { db: database.db, previews, caches: createCatalogCaches() });
};
