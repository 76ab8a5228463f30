// The catalog module's public face. Other modules use what is exported here, never the files behind it.
export { seedBulkOffers } from './bulk-seed.js';
export { seedDemoCatalog, type DemoSeedDeps, type SeedDeps } from './demo-catalog.js';
export {
  CURRENT_FILES_VERSION,
  migrateCatalogFiles,
  type FileMigrationProgress,
} from './file-migration.js';
export {
  isImageKey,
  originalStorageKey,
  storeOriginal,
  purchaseDownloadKey,
  variantFile,
  type VariantDownload,
  type StoredImage,
} from './images.js';
export { catalogModule, watchCatalogChanges } from './module.js';
export { createPicturePreload, createPublishedPictures } from './picture-preload.js';
export { createCatalogPageLookup } from './page-lookup.js';
export {
  createCategories,
  createOffers,
  type NewCategory,
  type NewOffer,
  type NewOfferAttribute,
} from './offer-writes.js';
export { categories, offerAttributes, offers } from './schema.js';
export { purchasedOffers, type PurchasedOffer } from './purchasable.js';
export { priceAttributes, type PricedAttribute } from './service.js';
