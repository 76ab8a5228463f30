import { availableParallelism } from 'node:os';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { subscribe } from '../../infra/db/index.js';
import type { ModuleContext } from '../../module-context.js';
import { registerAdminArea } from '../admin/index.js';
import { catalogAdminRoutes } from './admin-routes.js';
import { createCatalogCaches } from './catalog-caches.js';
import { createPreviewStore } from './images.js';
import { catalogRoutes } from './routes.js';

/** The channel the catalog tables' triggers notify on (migration 0005). */
const CATALOG_CHANGED = 'catalog_changed';

/** The catalog: offers, categories and their public previews; its back office under /api/admin. */
const catalog: FastifyPluginAsync<ModuleContext> = async (app, { database, storage }) => {
  const previews = createPreviewStore(storage, { concurrency: availableParallelism() });
  const caches = createCatalogCaches();
  const changes = await subscribe(database, CATALOG_CHANGED, () => caches.clear(), app.log);
  app.addHook('onClose', () => changes.close());
  await app.register(catalogRoutes, { db: database.db, previews, caches });
  await registerAdminArea(app, database.db, catalogAdminRoutes, { db: database.db, storage });
};

export const catalogModule = fp(catalog, {
  name: 'catalog',
  dependencies: ['accounts'],
  encapsulate: true,
});
