import { asc, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import {
  ADMIN_OFFERS_PAGE_SIZE,
  OFFER_ATTRIBUTE_KINDS,
  type AdminOffer,
  type AdminOfferList,
  type AdminOfferSummary,
  type AdminOffersQuery,
} from '@pictura/contract';
import { AppError } from '../../lib/index.js';
import type { Db } from '../../infra/db/index.js';
import { offerImage } from './images.js';
import {
  categories,
  offerAttributes,
  offers,
  type OfferAttributeRow,
  type OfferRow,
} from './schema.js';

const summaryColumns = { offer: offers, categoryUrlName: categories.urlName };

function toSummary(offer: OfferRow, categoryUrlName: string): AdminOfferSummary {
  return {
    id: offer.id,
    urlName: offer.urlName,
    title: offer.title,
    style: offer.style,
    orientation: offer.orientation,
    categoryId: offer.categoryId,
    categoryUrlName,
    published: offer.published,
    minPrices: { EUR: offer.minPriceEur, USD: offer.minPriceUsd },
    image: offerImage(offer),
    createdAt: offer.createdAt.toISOString(),
  };
}

/** `%`, `_` and `\` typed by the admin are literal characters, not patterns. */
const likeAnywhere = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * GET /api/admin/catalog/offers: published and unpublished, newest first, title search. Admin use is
 * rare and small, so a plain ILIKE (no index) is enough; the shop's search stays on its indexes.
 */
export async function listAdminOffers(db: Db, query: AdminOffersQuery): Promise<AdminOfferList> {
  const where: SQL | undefined = query.Search
    ? ilike(offers.title, likeAnywhere(query.Search))
    : undefined;
  const pageSize = ADMIN_OFFERS_PAGE_SIZE;
  const [rows, [total]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(offers)
      .innerJoin(categories, eq(categories.id, offers.categoryId))
      .where(where)
      .orderBy(desc(offers.createdAt), desc(offers.id))
      .limit(pageSize)
      .offset((query.Page - 1) * pageSize),
    db.select({ value: count() }).from(offers).where(where),
  ]);
  return {
    items: rows.map((row) => toSummary(row.offer, row.categoryUrlName)),
    total: total?.value ?? 0,
    page: query.Page,
    pageSize,
  };
}

// In the contract's order (standard, then full), as the editor lists them.
const byKind = (a: OfferAttributeRow, b: OfferAttributeRow) =>
  OFFER_ATTRIBUTE_KINDS.indexOf(a.kind) - OFFER_ATTRIBUTE_KINDS.indexOf(b.kind);

/** One offer with its variants (standard before full), or 404. */
export async function getAdminOffer(db: Db, id: number): Promise<AdminOffer> {
  const [row] = await db
    .select(summaryColumns)
    .from(offers)
    .innerJoin(categories, eq(categories.id, offers.categoryId))
    .where(eq(offers.id, id));
  if (!row) throw new AppError('NOT_FOUND');
  const variants = await db
    .select()
    .from(offerAttributes)
    .where(eq(offerAttributes.offerId, id))
    .orderBy(asc(offerAttributes.id));
  return {
    ...toSummary(row.offer, row.categoryUrlName),
    description: row.offer.description,
    tags: row.offer.tags,
    prompt: row.offer.prompt,
    digitalSourceType: row.offer.digitalSourceType,
    variants: variants.sort(byKind).map((variant) => ({
      id: variant.id,
      kind: variant.kind,
      prices: { EUR: variant.priceEur, USD: variant.priceUsd },
    })),
  };
}

/** What the audit log keeps of an offer: what an admin can change, and the picture it shows. */
export function offerSnapshot(offer: OfferRow, variants: readonly OfferAttributeRow[]) {
  return {
    urlName: offer.urlName,
    title: offer.title,
    description: offer.description,
    style: offer.style,
    categoryId: offer.categoryId,
    tags: offer.tags,
    digitalSourceType: offer.digitalSourceType,
    published: offer.published,
    imageKey: offer.imageKey,
    minPrices: { EUR: offer.minPriceEur, USD: offer.minPriceUsd },
    variants: variants.map((variant) => ({
      kind: variant.kind,
      prices: { EUR: variant.priceEur, USD: variant.priceUsd },
    })),
  };
}

/** The offer and its variants under a row lock, for a change in `tx`; 404 when there is none. */
export async function lockOffer(
  tx: Db,
  id: number,
): Promise<{ offer: OfferRow; variants: OfferAttributeRow[] }> {
  const [offer] = await tx.select().from(offers).where(eq(offers.id, id)).for('update');
  if (!offer) throw new AppError('NOT_FOUND');
  const variants = await tx
    .select()
    .from(offerAttributes)
    .where(eq(offerAttributes.offerId, id))
    .orderBy(asc(offerAttributes.id));
  return { offer, variants: variants.sort(byKind) };
}
