import { sql, type SQL } from 'drizzle-orm';
import type { Currency, DigitalSourceType, OfferAttributeKind, Style } from '@pictura/contract';
import type { Db } from '../../infra/db/index.js';
import type { StoredImage } from './images.js';
import { categories, offerAttributes, offers, type CategoryRow } from './schema.js';

export interface NewCategory {
  urlName: string;
  names: { en: string; es: string; ja: string };
  position?: number;
}

export interface NewOfferAttribute {
  kind: OfferAttributeKind;
  /**
   * Minor units per currency (a price per currency, no conversion:
   * docs/product/money.md#amounts-and-currencies).
   */
  prices: Readonly<Record<Currency, number>>;
}

export interface NewOffer {
  urlName: string;
  title: string;
  description: string;
  style: Style;
  categoryId: number;
  tags: readonly string[];
  /** As declared by whoever adds the picture; a generated picture is trainedAlgorithmicMedia. */
  digitalSourceType?: DigitalSourceType;
  /** The generator that painted it (`procedural`, `openai`, ...); unset for an upload. */
  generator?: string;
  prompt: string;
  seed: number;
  image: StoredImage;
  attributes: readonly NewOfferAttribute[];
  published?: boolean;
  createdAt?: Date;
}

export async function createCategories(
  db: Db,
  items: readonly NewCategory[],
): Promise<CategoryRow[]> {
  if (items.length === 0) return [];
  return db
    .insert(categories)
    .values(
      items.map((item, index) => ({
        urlName: item.urlName,
        nameEn: item.names.en,
        nameEs: item.names.es,
        nameJa: item.names.ja,
        position: item.position ?? index,
      })),
    )
    .returning();
}

/** The offer's full-text document (schema.ts): title A, tags B, description C. Every writer uses it. */
export const searchDocumentOf = (offer: {
  title: string;
  tags: readonly string[];
  description: string;
}): SQL =>
  sql`setweight(to_tsvector('english', ${offer.title}), 'A') || setweight(to_tsvector('english', ${offer.tags.join(' ')}), 'B') || setweight(to_tsvector('english', ${offer.description}), 'C')`;

function cheapest(offer: NewOffer, currency: Currency): number {
  const kinds = new Set(offer.attributes.map((attribute) => attribute.kind));
  if (offer.attributes.length === 0 || kinds.size !== offer.attributes.length) {
    throw new Error(`offer ${offer.urlName} needs at least one variant and no kind twice`);
  }
  return Math.min(...offer.attributes.map((attribute) => attribute.prices[currency]));
}

/**
 * Adds offers with their variants in one transaction (a savepoint inside a caller's transaction),
 * copying each offer's cheapest price per currency onto it in the same transaction: search sorts
 * and filters by that copy, so it must never disagree with the variants. Returns the new ids in
 * the order given. Large lists go in batches that stay far below PostgreSQL's 65,535 parameters.
 */
export async function createOffers(db: Db, items: readonly NewOffer[]): Promise<number[]> {
  const batchSize = 1000;
  return db.transaction(async (tx) => {
    const ids: number[] = [];
    for (let start = 0; start < items.length; start += batchSize) {
      const batch = items.slice(start, start + batchSize);
      const inserted = await tx
        .insert(offers)
        .values(
          batch.map((item) => ({
            urlName: item.urlName,
            title: item.title,
            description: item.description,
            style: item.style,
            width: item.image.width,
            height: item.image.height,
            tags: [...item.tags],
            categoryId: item.categoryId,
            published: item.published ?? true,
            prompt: item.prompt,
            seed: item.seed,
            ...(item.digitalSourceType ? { digitalSourceType: item.digitalSourceType } : {}),
            generator: item.generator ?? null,
            imageKey: item.image.imageKey,
            placeholder: item.image.placeholder,
            minPriceEur: cheapest(item, 'EUR'),
            minPriceUsd: cheapest(item, 'USD'),
            searchDocument: searchDocumentOf(item),
            ...(item.createdAt ? { createdAt: item.createdAt, updatedAt: item.createdAt } : {}),
          })),
        )
        .returning({ id: offers.id, urlName: offers.urlName });
      // Matched by url name rather than trusting RETURNING to keep the order of VALUES.
      const idOf = new Map(inserted.map((row) => [row.urlName, row.id]));
      const batchIds = batch.map((item) => idOf.get(item.urlName) as number);
      await tx.insert(offerAttributes).values(
        batch.flatMap((item, index) =>
          item.attributes.map((attribute) => ({
            offerId: batchIds[index] as number,
            kind: attribute.kind,
            priceEur: attribute.prices.EUR,
            priceUsd: attribute.prices.USD,
          })),
        ),
      );
      ids.push(...batchIds);
    }
    return ids;
  });
}
