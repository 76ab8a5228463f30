import { and, desc, eq, sql } from 'drizzle-orm';
import { apiPathTo, paths, type PurchasedArtwork } from '@pictura/contract';
import { AppError, type Attachment, type FileAttachment } from '../../lib/index.js';
import type { Db } from '../../infra/db/index.js';
import { imageFileType, type ImageFileType } from '../../infra/images/index.js';
import type { StoredFile } from '../../infra/storage/index.js';
import { userContact } from '../accounts/index.js';
import {
  isImageKey,
  offers,
  purchaseDownloadKey,
  purchasedOffers,
  type PurchasedOffer,
} from '../catalog/index.js';
import { deliveredFile } from './delivered-file.js';
import type { OrdersDeps } from './deps.js';
import { licenceText } from './licence.js';
import { orders, purchasedArtworks, type PurchasedArtworkRow } from './schema.js';

// Url names and kinds are already [a-z0-9-]; this keeps the header safe whatever they become.
const fileNamePart = (text: string): string => text.replace(/[^a-z0-9-]+/gi, '-').toLowerCase();

/** GET /api/artworks: what the user bought, one entry per variant, newest purchase first. */
export async function listArtworks(deps: OrdersDeps, userId: string): Promise<PurchasedArtwork[]> {
  const rows = await deps.db
    .select()
    .from(purchasedArtworks)
    .where(eq(purchasedArtworks.userId, userId))
    .orderBy(desc(purchasedArtworks.purchasedAt), desc(purchasedArtworks.id));
  const offers = await purchasedOffers(
    deps.db,
    rows.map((row) => row.offerId),
  );
  // An offer deleted from the catalog has no picture left to give.
  return rows.flatMap((row) => {
    const offer = offers.get(row.offerId);
    if (!offer) return [];
    return [
      {
        id: row.id,
        orderId: row.orderId,
        offerId: row.offerId,
        offerAttributeId: row.offerAttributeId,
        urlName: row.urlName,
        title: row.title,
        style: offer.style,
        kind: row.kind,
        purchasedAt: row.purchasedAt.toISOString(),
        image: offer.image,
        downloadUrl: apiPathTo.artworkDownload(row.id),
        licenceUrl: apiPathTo.artworkLicence(row.id),
      },
    ];
  });
}

/** The user's purchased variant and its offer; a 404 for anyone else's or an unknown id. */
async function ownedArtwork(
  deps: Pick<OrdersDeps, 'db'>,
  userId: string,
  artworkId: number,
): Promise<{ artwork: PurchasedArtworkRow; offer: PurchasedOffer }> {
  const [artwork] = await deps.db
    .select()
    .from(purchasedArtworks)
    .where(and(eq(purchasedArtworks.id, artworkId), eq(purchasedArtworks.userId, userId)));
  const offer = artwork && (await purchasedOffers(deps.db, [artwork.offerId])).get(artwork.offerId);
  if (!artwork || !offer) throw new AppError('NOT_FOUND');
  return { artwork, offer };
}

/**
 * A purchase of the user's with its picture's key, in one round trip: a download's only query
 * beyond the session's. Planned once per connection.
 */
function prepareOwnedDownload(db: Db) {
  return (
    db
      .select({ artwork: purchasedArtworks, imageKey: offers.imageKey })
      .from(purchasedArtworks)
      // An offer deleted from the catalog has no picture left to give.
      .innerJoin(offers, eq(offers.id, purchasedArtworks.offerId))
      .where(
        and(
          eq(purchasedArtworks.id, sql.placeholder('artworkId')),
          eq(purchasedArtworks.userId, sql.placeholder('userId')),
        ),
      )
      .prepare('owned_download')
  );
}

const ownedDownloads = new WeakMap<Db, ReturnType<typeof prepareOwnedDownload>>();

const JPEG: ImageFileType = { extension: 'jpg', contentType: 'image/jpeg' };

/** What kind of picture a kept file is; JPEG when its first bytes say nothing else. */
async function fileTypeOf(file: StoredFile): Promise<ImageFileType> {
  try {
    return imageFileType(await file.head(12)) ?? JPEG;
  } catch (err) {
    await file.close();
    throw err;
  }
}

/**
 * GET /api/artworks/{id}/download: the file of the variant bought (private in storage) for its
 * buyer: the original's pixels for full resolution, the scaled-down JPEG for the standard
 * download; either with the purchase's marks and manifest, as made, signed and kept at
 * fulfilment, opened to be streamed. A purchase whose file is not kept yet gets it made here,
 * once (delivered-file.ts).
 */
export async function downloadArtwork(
  deps: Pick<OrdersDeps, 'db' | 'storage' | 'config' | 'log'>,
  userId: string,
  artworkId: number,
): Promise<FileAttachment<StoredFile>> {
  let statement = ownedDownloads.get(deps.db);
  if (!statement) ownedDownloads.set(deps.db, (statement = prepareOwnedDownload(deps.db)));
  const [owned] = await statement.execute({ artworkId, userId });
  if (!owned) throw new AppError('NOT_FOUND');
  const { artwork, imageKey } = owned;
  const kind = artwork.kind === 'full' ? 'full' : 'standard';
  const key = purchaseDownloadKey(imageKey, kind, artwork.id);
  let file = isImageKey(imageKey) ? await deps.storage.open(key) : undefined;
  if (!file) {
    const offer = (await purchasedOffers(deps.db, [artwork.offerId])).get(artwork.offerId);
    const made = offer && (await deliveredFile(deps, artwork, offer));
    file = made && (await deps.storage.open(key));
  }
  if (!file) {
    deps.log.error(
      { artworkId, offerId: artwork.offerId },
      'Original picture missing from storage',
    );
    throw new AppError('NOT_FOUND');
  }
  // Standard downloads are always JPEG, made so at fulfilment: only a full-resolution file (an
  // uploaded original may be PNG or WebP) is read to tell, from its first 12 bytes.
  const type = kind === 'standard' ? JPEG : await fileTypeOf(file);
  return {
    fileName: `${fileNamePart(artwork.urlName)}-${fileNamePart(artwork.kind)}.${type.extension}`,
    contentType: type.contentType,
    file,
  };
}

/** GET /api/artworks/{id}/licence: the licence certificate as a text file. */
export async function artworkLicence(
  deps: OrdersDeps,
  userId: string,
  artworkId: number,
): Promise<Attachment> {
  const { artwork, offer } = await ownedArtwork(deps, userId, artworkId);
  const [order] = await deps.db
    .select({ firstName: orders.firstName, lastName: orders.lastName })
    .from(orders)
    .where(eq(orders.id, artwork.orderId));
  const contact = await userContact(deps.db, userId);
  const text = licenceText({
    artworkId: artwork.id,
    title: artwork.title,
    pictureUrl: `${deps.config.publicUrl}${paths.picture(artwork.urlName)}`,
    style: offer.style,
    description: offer.description,
    prompt: offer.prompt,
    publishedAt: offer.createdAt,
    kind: artwork.kind,
    orderId: artwork.orderId,
    purchasedAt: artwork.purchasedAt,
    buyerName: order ? `${order.firstName} ${order.lastName}` : contact.email,
    buyerEmail: contact.email,
  });
  return {
    fileName: `${fileNamePart(artwork.urlName)}-licence.txt`,
    contentType: 'text/plain; charset=utf-8',
    bytes: Buffer.from(text, 'utf8'),
  };
}
