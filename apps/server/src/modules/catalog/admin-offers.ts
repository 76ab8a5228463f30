import { eq } from 'drizzle-orm';
import type { AdminOffer, OfferCreate, OfferFields, VariantWrite } from '@pictura/contract';
import { AppError } from '../../lib/index.js';
import type { Db } from '../../infra/db/index.js';
import type { FileStorage } from '../../infra/storage/index.js';
import { recordAudit } from '../admin/index.js';
import { isMissingCategory, isUniqueViolation, URL_NAME_TAKEN } from './admin-errors.js';
import { imageFromSource } from './admin-images.js';
import { getAdminOffer, lockOffer, offerSnapshot } from './admin-offer-view.js';
import { writeVariants } from './admin-variants.js';
import { createOffers, searchDocumentOf } from './offer-writes.js';
import { categories, offers } from './schema.js';

const NO_SUCH_CATEGORY = 'Choose a category.';

/**
 * Runs a write; a taken url name or an unknown category become field errors for the form. The
 * category is checked first, before any work; its foreign key catches one deleted meanwhile.
 */
async function asFieldErrors<T>(db: Db, categoryId: number, work: () => Promise<T>): Promise<T> {
  const [category] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.id, categoryId));
  if (!category) throw new AppError('VALIDATION', { categoryId: NO_SUCH_CATEGORY });
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('VALIDATION', { urlName: URL_NAME_TAKEN });
    if (isMissingCategory(error)) {
      throw new AppError('VALIDATION', { categoryId: NO_SUCH_CATEGORY });
    }
    throw error;
  }
}

const pricesOf = (variants: readonly VariantWrite[]) =>
  variants.map((variant) => ({ kind: variant.kind, prices: variant.prices }));

/**
 * A new offer from an uploaded or generated picture. It starts unpublished: publishing is a
 * separate, deliberate step once the admin has checked it.
 */
export async function createAdminOffer(
  db: Db,
  storage: FileStorage,
  actorId: string,
  input: OfferCreate,
): Promise<AdminOffer> {
  const sourced = await imageFromSource(db, storage, actorId, input.source);
  const id = await asFieldErrors(db, input.categoryId, () =>
    db.transaction(async (tx) => {
      const [offerId] = await createOffers(tx, [
        {
          urlName: input.urlName,
          title: input.title,
          description: input.description,
          style: input.style,
          categoryId: input.categoryId,
          tags: input.tags,
          digitalSourceType: input.digitalSourceType,
          prompt: sourced.prompt,
          generator: sourced.generator,
          seed: sourced.seed,
          image: sourced.image,
          attributes: pricesOf(input.variants),
          published: false,
        },
      ]);
      if (offerId === undefined) throw new Error('offer insert returned nothing');
      const { offer, variants } = await lockOffer(tx, offerId);
      await recordAudit(tx, {
        actorId,
        action: 'offer.create',
        entity: 'offer',
        entityId: offerId,
        before: null,
        after: offerSnapshot(offer, variants),
      });
      return offerId;
    }),
  );
  return getAdminOffer(db, id);
}

/** Title, description, url name, category, style and tags; the search document follows them. */
export async function updateAdminOffer(
  db: Db,
  actorId: string,
  id: number,
  input: OfferFields,
): Promise<AdminOffer> {
  await asFieldErrors(db, input.categoryId, () =>
    db.transaction(async (tx) => {
      const before = await lockOffer(tx, id);
      // The picture's kept previews carry the title and the declaration: `npm run seed` makes
      // them again once either changes (file-migration.ts).
      const marksChanged =
        input.title !== before.offer.title ||
        input.digitalSourceType !== before.offer.digitalSourceType;
      const [after] = await tx
        .update(offers)
        .set({
          ...input,
          searchDocument: searchDocumentOf(input),
          updatedAt: new Date(),
          ...(marksChanged ? { filesVersion: 0 } : {}),
        })
        .where(eq(offers.id, id))
        .returning();
      if (!after) throw new AppError('NOT_FOUND');
      await recordAudit(tx, {
        actorId,
        action: 'offer.update',
        entity: 'offer',
        entityId: id,
        before: offerSnapshot(before.offer, before.variants),
        after: offerSnapshot(after, before.variants),
      });
    }),
  );
  return getAdminOffer(db, id);
}

/** Publishes or unpublishes; doing it twice changes nothing and records nothing more. */
export async function setOfferPublished(
  db: Db,
  actorId: string,
  id: number,
  published: boolean,
): Promise<AdminOffer> {
  await db.transaction(async (tx) => {
    const { offer, variants } = await lockOffer(tx, id);
    if (offer.published === published) return;
    const [after] = await tx
      .update(offers)
      .set({ published, updatedAt: new Date() })
      .where(eq(offers.id, id))
      .returning();
    await recordAudit(tx, {
      actorId,
      action: published ? 'offer.publish' : 'offer.unpublish',
      entity: 'offer',
      entityId: id,
      before: offerSnapshot(offer, variants),
      after: after && offerSnapshot(after, variants),
    });
  });
  return getAdminOffer(db, id);
}

/** Replaces the variants and their prices (see writeVariants), audited in the same transaction. */
export async function updateAdminVariants(
  db: Db,
  actorId: string,
  id: number,
  input: readonly VariantWrite[],
): Promise<AdminOffer> {
  await db.transaction(async (tx) => {
    const before = await lockOffer(tx, id);
    await writeVariants(tx, id, before.variants, input);
    const after = await lockOffer(tx, id);
    await recordAudit(tx, {
      actorId,
      action: 'offer.variants',
      entity: 'offer',
      entityId: id,
      before: offerSnapshot(before.offer, before.variants),
      after: offerSnapshot(after.offer, after.variants),
    });
  });
  return getAdminOffer(db, id);
}
