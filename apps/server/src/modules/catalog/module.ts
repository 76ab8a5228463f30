import { availableParallelism } from 'node:os';
import type { FastifyPluginAsync } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { Database } from '../../infra/db/index.js';
import { subscribe } from '../../infra/db/notifications.js';
import { createFileStorage } from '../../infra/storage/index.js';
import { createCatalogCaches } from './catalog-caches.js';
import { createPreviewStore } from './images.js';
import { catalogRoutes } from './routes.js';

/** The channel the catalog tables' triggers notify on (migration 0005). */
const CATALOG_CHANGED = 'catalog_changed';

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
  const caches = createCatalogCaches();
  const changes = await subscribe(database, CATALOG_CHANGED, () => caches.clear(), app.log);
  app.addHook('onClose', () => changes.close());
  await app.register(catalogRoutes, { db: database.db, previews, caches });
};
