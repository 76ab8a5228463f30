import { availableParallelism } from 'node:os';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../infra/db/index.js';
import { subscribe } from '../../infra/db/notifications.js';
import type { FileStorage } from '../../infra/storage/index.js';
import { createCatalogCaches } from './catalog-caches.js';
import { createPreviewStore } from './images.js';
import { catalogRoutes } from './routes.js';

/** The channel the catalog tables' triggers notify on (migration 0005). */
const CATALOG_CHANGED = 'catalog_changed';

export interface CatalogModuleOptions {
  database: Database;
  storage: FileStorage;
}

/** The catalog (issue 4): offers, categories and their public previews. */
export const catalogModule: FastifyPluginAsync<CatalogModuleOptions> = async (
  app,
  { database, storage },
) => {
  const previews = createPreviewStore(storage, { concurrency: availableParallelism() });
  const caches = createCatalogCaches();
  const changes = await subscribe(database, CATALOG_CHANGED, () => caches.clear(), app.log);
  app.addHook('onClose', () => changes.close());
  await app.register(catalogRoutes, { db: database.db, previews, caches });
};
