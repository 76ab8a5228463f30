import { availableParallelism } from 'node:os';
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { subscribe, type Database, type Subscription } from '../../infra/db/index.js';
import { createFileSigner, generatorAgent } from '../../infra/images/index.js';
import type { ModuleContext } from '../../module-context.js';
import { registerAdminArea } from '../admin/index.js';
import { catalogAdminRoutes } from './admin-routes.js';
import { createCatalogCaches } from './catalog-caches.js';
import { crawlerRoutes } from './crawler-routes.js';
import { createPreviewStore } from './images.js';
import { previewMarksOf } from './picture-marks.js';
import { catalogRoutes } from './routes.js';
import { createSitemaps } from './sitemap.js';

/** The channel the catalog tables' triggers notify on (migration 0005). */
const CATALOG_CHANGED = 'catalog_changed';

/**
 * Calls `onChange` after every change to the catalog's tables, made by any process: what keeps
 * something derived from the catalog (a rendered page) must drop it then.
 */
export function watchCatalogChanges(
  database: Database,
  onChange: () => void,
  log: FastifyBaseLogger,
): Promise<Subscription> {
  return subscribe(database, CATALOG_CHANGED, onChange, log);
}

/**
 * The catalog: offers, categories and their public previews, the sitemaps that list them for
 * crawlers, and the catalog's back office under /api/admin.
 */
const catalog: FastifyPluginAsync<ModuleContext> = async (
  app,
  { config, database, storage, renderReads },
) => {
  const previews = createPreviewStore(storage, {
    concurrency: availableParallelism(),
    marksFor: (imageKey) =>
      previewMarksOf(database.db, imageKey, config.publicUrl, (generator) =>
        generatorAgent(config, generator),
      ),
    signFile: createFileSigner(config),
  });
  const caches = createCatalogCaches();
  const changes = await watchCatalogChanges(database, () => caches.clear(), app.log);
  app.addHook('onClose', () => changes.close());
  await app.register(catalogRoutes, { db: database.db, previews, caches, reads: renderReads });
  await app.register(crawlerRoutes, {
    sitemaps: createSitemaps(database.db, config.publicUrl),
    publicUrl: config.publicUrl,
  });
  await registerAdminArea(app, database.db, catalogAdminRoutes, {
    db: database.db,
    storage,
    caches,
  });
};

export const catalogModule = fp(catalog, {
  name: 'catalog',
  dependencies: ['accounts'],
  encapsulate: true,
});
