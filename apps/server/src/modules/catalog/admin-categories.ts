import { asc, eq, sql } from 'drizzle-orm';
import type { AdminCategory, CategoryWrite } from '@pictura/contract';
import { AppError } from '../../lib/index.js';
import type { Db } from '../../infra/db/index.js';
import { recordAudit } from '../admin/index.js';
import { isUniqueViolation, URL_NAME_TAKEN } from './admin-errors.js';
import { categories, offers, type CategoryRow } from './schema.js';

const snapshot = (row: CategoryRow) => ({
  urlName: row.urlName,
  names: { en: row.nameEn, es: row.nameEs, ja: row.nameJa },
  position: row.position,
});

const columns = (input: CategoryWrite) => ({
  urlName: input.urlName,
  nameEn: input.names.en,
  nameEs: input.names.es,
  nameJa: input.names.ja,
  position: input.position,
});

/** Every category in display order with all its offers counted, published or not. */
export async function listAdminCategories(db: Db): Promise<AdminCategory[]> {
  const rows = await db
    .select({
      category: categories,
      offerCount: sql<number>`count(${offers.id})::int`,
      publishedCount: sql<number>`count(${offers.id}) filter (where ${offers.published})::int`,
    })
    .from(categories)
    .leftJoin(offers, eq(offers.categoryId, categories.id))
    .groupBy(categories.id)
    .orderBy(asc(categories.position), asc(categories.id));
  return rows.map(({ category, offerCount, publishedCount }) => ({
    id: category.id,
    ...snapshot(category),
    offerCount,
    publishedCount,
  }));
}

async function adminCategory(db: Db, id: number): Promise<AdminCategory> {
  const found = (await listAdminCategories(db)).find((category) => category.id === id);
  if (!found) throw new AppError('NOT_FOUND');
  return found;
}

// A taken url name is the admin's to fix, so it is a field error rather than a conflict.
async function withUrlNameCheck<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('VALIDATION', { urlName: URL_NAME_TAKEN });
    throw error;
  }
}

export async function createCategory(
  db: Db,
  actorId: string,
  input: CategoryWrite,
): Promise<AdminCategory> {
  const id = await withUrlNameCheck(() =>
    db.transaction(async (tx) => {
      const [row] = await tx.insert(categories).values(columns(input)).returning();
      if (!row) throw new Error('category insert returned nothing');
      await recordAudit(tx, {
        actorId,
        action: 'category.create',
        entity: 'category',
        entityId: row.id,
        before: null,
        after: snapshot(row),
      });
      return row.id;
    }),
  );
  return adminCategory(db, id);
}

export async function updateCategory(
  db: Db,
  actorId: string,
  id: number,
  input: CategoryWrite,
): Promise<AdminCategory> {
  await withUrlNameCheck(() =>
    db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(categories)
        .where(eq(categories.id, id))
        .for('update');
      if (!before) throw new AppError('NOT_FOUND');
      const [after] = await tx
        .update(categories)
        .set(columns(input))
        .where(eq(categories.id, id))
        .returning();
      await recordAudit(tx, {
        actorId,
        action: 'category.update',
        entity: 'category',
        entityId: id,
        before: snapshot(before),
        after: after && snapshot(after),
      });
    }),
  );
  return adminCategory(db, id);
}

/** Deletes an empty category; one with any offer (published or not) is a 409. */
export async function deleteCategory(db: Db, actorId: string, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
    if (!before) throw new AppError('NOT_FOUND');
    // The row lock above makes an offer created meanwhile wait (its foreign key check shares it).
    const [used] = await tx
      .select({ id: offers.id })
      .from(offers)
      .where(eq(offers.categoryId, id))
      .limit(1);
    if (used) {
      throw AppError.general(
        'CONFLICT',
        'Only an empty category can be deleted; move its offers first.',
      );
    }
    await tx.delete(categories).where(eq(categories.id, id));
    await recordAudit(tx, {
      actorId,
      action: 'category.delete',
      entity: 'category',
      entityId: id,
      before: snapshot(before),
      after: null,
    });
  });
}
