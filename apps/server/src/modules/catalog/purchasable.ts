import { inArray } from 'drizzle-orm';
import type { DigitalSourceType, OfferImage, Style } from '@pictura/contract';
import type { Db } from '../../infra/db/index.js';
import { offerImage } from './images.js';
import { offers } from './schema.js';

/** What a buyer's downloads need of an offer: its picture, and its provenance for the licence. */
export interface PurchasedOffer {
  offerId: number;
  style: Style;
  description: string;
  /** What the picture was generated from; empty when not known. */
  prompt: string;
  createdAt: Date;
  /** What the picture is, as declared when it was added (its files say so). */
  digitalSourceType: DigitalSourceType;
  /** The generator that painted it (`offers.generator`); null when unknown. */
  generator: string | null;
  /** Content key of the original in file storage (`originalStorageKey`). */
  imageKey: string;
  image: OfferImage;
}

/**
 * The offers behind purchased variants, by id. Unpublished offers are included: what was bought
 * stays downloadable when the offer is taken off sale. Unknown ids are absent.
 */
export async function purchasedOffers(
  db: Db,
  offerIds: readonly number[],
): Promise<Map<number, PurchasedOffer>> {
  const found = new Map<number, PurchasedOffer>();
  if (offerIds.length === 0) return found;
  const rows = await db
    .select({
      offerId: offers.id,
      style: offers.style,
      description: offers.description,
      prompt: offers.prompt,
      createdAt: offers.createdAt,
      digitalSourceType: offers.digitalSourceType,
      generator: offers.generator,
      imageKey: offers.imageKey,
      width: offers.width,
      height: offers.height,
      placeholder: offers.placeholder,
    })
    .from(offers)
    .where(inArray(offers.id, [...new Set(offerIds)]));
  for (const { width, height, placeholder, ...row } of rows) {
    found.set(row.offerId, {
      ...row,
      image: offerImage({ imageKey: row.imageKey, width, height, placeholder }),
    });
  }
  return found;
}
