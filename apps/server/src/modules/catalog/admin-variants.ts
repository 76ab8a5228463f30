import { and, eq, inArray } from 'drizzle-orm';
import type { VariantWrite } from '@pictura/contract';
import type { Db } from '../../infra/db/index.js';
import { offerAttributes, offers, type OfferAttributeRow } from './schema.js';

/**
 * Makes an offer's variants exactly `wanted`, in the caller's transaction (the offer row locked):
 * a kind that stays keeps its id and gets the new prices, so carts holding it stay valid; a new
 * kind is added; a missing one is removed (past orders keep their own copy of it). Then the
 * offer's cheapest price per currency is recomputed from what is now there, in the same
 * transaction, because search sorts and filters by that copy (see createOffers).
 */
export async function writeVariants(
  tx: Db,
  offerId: number,
  current: readonly OfferAttributeRow[],
  wanted: readonly VariantWrite[],
): Promise<void> {
  const kept = new Set(wanted.map((variant) => variant.kind));
  const removed = current.filter((variant) => !kept.has(variant.kind)).map((variant) => variant.id);
  if (removed.length > 0) {
    await tx.delete(offerAttributes).where(inArray(offerAttributes.id, removed));
  }
  for (const variant of wanted) {
    const existing = current.find((row) => row.kind === variant.kind);
    if (existing) {
      await tx
        .update(offerAttributes)
        .set({ priceEur: variant.prices.EUR, priceUsd: variant.prices.USD })
        .where(and(eq(offerAttributes.id, existing.id), eq(offerAttributes.offerId, offerId)));
    } else {
      await tx.insert(offerAttributes).values({
        offerId,
        kind: variant.kind,
        priceEur: variant.prices.EUR,
        priceUsd: variant.prices.USD,
      });
    }
  }
  await tx
    .update(offers)
    .set({
      minPriceEur: Math.min(...wanted.map((variant) => variant.prices.EUR)),
      minPriceUsd: Math.min(...wanted.map((variant) => variant.prices.USD)),
      updatedAt: new Date(),
    })
    .where(eq(offers.id, offerId));
}
