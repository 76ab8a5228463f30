import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Currency, OfferAttributeLookup } from '@pictura/contract';
import type { Db } from '../../infra/db/index.js';
import { offerImage } from './images.js';
import { offerAttributes, offers } from './schema.js';

/**
 * GET /api/offers/attributes: the cart keeps only variant ids
 * (docs/product/browser.md#cart-and-gift-card), so the cart page asks for their offers, prices in
 * the active currency and pictures with this. Only variants of published offers are answered;
 * unknown ids are simply absent (an item may have been taken off sale since it was put in the
 * cart), so the page can tell the shopper which ones are gone.
 */
export async function lookUpAttributes(
  db: Db,
  ids: readonly number[],
  currency: Currency,
): Promise<OfferAttributeLookup[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: offerAttributes.id,
      kind: offerAttributes.kind,
      price: currency === 'EUR' ? offerAttributes.priceEur : offerAttributes.priceUsd,
      offerId: offers.id,
      urlName: offers.urlName,
      title: offers.title,
      imageKey: offers.imageKey,
      width: offers.width,
      height: offers.height,
      placeholder: offers.placeholder,
    })
    .from(offerAttributes)
    .innerJoin(offers, eq(offers.id, offerAttributes.offerId))
    // `published` in these words, as the partial indexes are written (service.ts).
    .where(and(inArray(offerAttributes.id, [...new Set(ids)]), sql`${offers.published}`))
    .orderBy(asc(offerAttributes.id));
  return rows.map((row) => ({
    id: row.id,
    offerId: row.offerId,
    urlName: row.urlName,
    title: row.title,
    kind: row.kind,
    price: { amount: row.price, currency },
    image: offerImage(row),
  }));
}
