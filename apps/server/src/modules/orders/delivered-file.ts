import { licencePathFor } from '@pictura/contract';
import type { AppConfig } from '../../config.js';
import { createFileSigner, generatorAgent } from '../../infra/images/index.js';
import type { FileStorage } from '../../infra/storage/index.js';
import { variantFile, type PurchasedOffer } from '../catalog/index.js';
import { licenceName, SHOP_NAME } from './licence.js';
import type { PurchasedArtworkRow } from './schema.js';

export interface DeliveredFileDeps {
  readonly storage: FileStorage;
  readonly config: Pick<AppConfig, 'publicUrl' | 'dataDir' | 'c2pa' | 'imageGeneration'>;
}

/**
 * Files being made in this process, per storage and purchase: the fulfilment job and a first
 * download that meet sign once and hand both callers the same bytes. A second signature would
 * differ (its time), and the later write would replace a file a buyer already has.
 */
const making = new WeakMap<FileStorage, Map<string, Promise<Buffer | undefined>>>();

/**
 * The file a purchased variant delivers, with the purchase's marks (licence, order reference) and
 * its signed C2PA manifest: made and kept when the order is fulfilled (delivery-job.ts), made here
 * on first need for a purchase whose file is not kept yet (bought before files were made at
 * fulfilment, or downloaded before the job ran), then sent as stored. Undefined when the original
 * is missing.
 */
export function deliveredFile(
  deps: DeliveredFileDeps,
  artwork: PurchasedArtworkRow,
  offer: PurchasedOffer,
): Promise<Buffer | undefined> {
  const inProcess = making.get(deps.storage) ?? new Map<string, Promise<Buffer | undefined>>();
  making.set(deps.storage, inProcess);
  const key = `${artwork.kind}/${artwork.id}`;
  const pending = inProcess.get(key);
  if (pending) return pending;
  const made = variantFile(
    deps.storage,
    { imageKey: offer.imageKey, ...offer.image },
    // Only a full-resolution purchase gets the original.
    artwork.kind === 'full' ? 'full' : 'standard',
    {
      purchase: artwork.id,
      generator: generatorAgent(deps.config, offer.generator),
      signFile: createFileSigner(deps.config),
      marks: {
        title: artwork.title,
        creator: SHOP_NAME,
        copyright: `© ${offer.createdAt.getUTCFullYear()} ${SHOP_NAME}`,
        // As declared when the picture was added: an edited upload is a composite.
        digitalSourceType: offer.digitalSourceType,
        licenceName: licenceName(artwork.kind),
        licenceUrl: `${deps.config.publicUrl}${licencePathFor(artwork.kind)}`,
        orderReference: `${SHOP_NAME} order ${artwork.orderId}`,
      },
    },
  ).finally(() => inProcess.delete(key));
  inProcess.set(key, made);
  return made;
}
