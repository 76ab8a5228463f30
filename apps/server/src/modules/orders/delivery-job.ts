import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../infra/db/index.js';
import type { JobQueue, QueueJob } from '../../infra/queue/index.js';
import { purchasedOffers } from '../catalog/index.js';
import { deliveredFile, type DeliveredFileDeps } from './delivered-file.js';
import { purchasedArtworks } from './schema.js';

/** The queue of paid orders whose files are to be made; one job per order. */
export const DELIVERED_FILES_QUEUE = 'delivered-files';

export interface DeliveredFilesJobData {
  readonly orderId: number;
}

// A file takes about half a second to sign; a failed attempt (storage down) is worth a few retries,
// and the first download makes whatever is still missing.
const DELIVERY_ATTEMPTS = { retryLimit: 4, retryDelaySeconds: 30, expireInSeconds: 15 * 60 };

/**
 * Queues the making of a paid order's files, inside the transaction that fulfils it: the job
 * exists exactly when the order is paid.
 */
export async function queueDeliveredFiles(tx: Db, queue: JobQueue, orderId: number) {
  const data: DeliveredFilesJobData = { orderId };
  await queue.send(DELIVERED_FILES_QUEUE, data, { id: randomUUID(), ...DELIVERY_ATTEMPTS }, tx);
}

/**
 * Makes and keeps each file the order delivers (`deliveredFile`): marked for its buyer and
 * signed once, so that every download sends stored bytes. An artwork whose file is kept already
 * (an earlier attempt) costs a read.
 */
export function createDeliveredFilesJob(
  deps: DeliveredFileDeps & { db: Db; log: FastifyBaseLogger },
) {
  return async (job: QueueJob<DeliveredFilesJobData>): Promise<void> => {
    // Only this order's own purchases: a variant the buyer had already keeps its first file.
    const artworks = await deps.db
      .select()
      .from(purchasedArtworks)
      .where(eq(purchasedArtworks.orderId, job.data.orderId));
    const offers = await purchasedOffers(
      deps.db,
      artworks.map((artwork) => artwork.offerId),
    );
    for (const artwork of artworks) {
      const offer = offers.get(artwork.offerId);
      // An offer deleted since has no picture left to give (its download is a 404 too).
      if (!offer) continue;
      if (!(await deliveredFile(deps, artwork, offer))) {
        deps.log.error(
          { artworkId: artwork.id, offerId: offer.offerId },
          'Original picture missing from storage',
        );
      }
    }
  };
}
