import { createHash, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/index.js';
import { seal, unseal } from '../../infra/seal.js';
import { deriveKey } from '../../infra/secret.js';
import { dataKeys } from './schema.js';

/** The name of the data key's one row; its wrapping is bound to it too. */
export const DATA_KEY_ROW = 'data-at-rest';

/**
 * The keys a process works with. `signing` (JWT_SECRET) signs what it hands out (access tokens,
 * reset codes, export links, sandbox payments); `signingPrevious` (JWT_SECRET_PREVIOUS) are still
 * accepted when checking those; `data` is the root the data-at-rest keys are derived from.
 */
export interface ServerKeys {
  readonly signing: string;
  readonly signingPrevious: readonly string[];
  readonly data: string;
}

/** A secret's public name: the start of a hash of a key derived for nothing else. */
export const signingKeyId = (secret: string): string =>
  createHash('sha256').update(deriveKey(secret, 'key-id')).digest('hex').slice(0, 16);

const wrapKey = (secret: string) => deriveKey(secret, 'data-key-wrap');

/**
 * Whether data sealed the way it was before the data key existed (keys derived from JWT_SECRET
 * itself) is stored: then that secret becomes the data key, so that all of it stays readable.
 */
async function holdsDataSealedUnderTheSecret(db: Db): Promise<boolean> {
  const result = await db.execute<{ held: boolean }>(sql`
    select exists (select 1 from totp_factors)
        or exists (select 1 from totp_recovery_codes)
        or exists (select 1 from gift_cards)
        or exists (select 1 from mail_outbox where body_sealed is not null) as held`);
  return result.rows[0]?.held === true;
}

export class DataKeyUnavailable extends Error {
  override name = 'DataKeyUnavailable';
}

/**
 * The process's keys. The data key is made on first start, wrapped under JWT_SECRET; a process given
 * a new JWT_SECRET with the old one in JWT_SECRET_PREVIOUS unwraps it with the old and wraps it again
 * under the new (compare-and-set, so processes starting together agree), after which the old secret
 * is no longer needed for it. A process that holds no secret the key is wrapped under does not start.
 */
export async function loadServerKeys(
  db: Db,
  signing: string,
  signingPrevious: readonly string[],
): Promise<ServerKeys> {
  const currentId = signingKeyId(signing);
  let [row] = await db.select().from(dataKeys).where(eq(dataKeys.name, DATA_KEY_ROW));
  if (!row) {
    const legacy = await holdsDataSealedUnderTheSecret(db);
    if (legacy && signingPrevious.length > 0) {
      throw new DataKeyUnavailable(
        'JWT_SECRET_PREVIOUS: this database holds data sealed under JWT_SECRET from before data keys; ' +
          'start once with the JWT_SECRET it was sealed under and no JWT_SECRET_PREVIOUS, then rotate',
      );
    }
    const material = legacy ? signing : randomBytes(32).toString('base64url');
    await db
      .insert(dataKeys)
      .values({
        name: DATA_KEY_ROW,
        keyId: signingKeyId(material),
        wrapped: seal(wrapKey(signing), DATA_KEY_ROW, material),
        wrappedBy: currentId,
      })
      .onConflictDoNothing();
    [row] = await db.select().from(dataKeys).where(eq(dataKeys.name, DATA_KEY_ROW));
  }
  if (!row) throw new DataKeyUnavailable('the data key could not be stored');

  const wrapping = [signing, ...signingPrevious].find(
    (secret) => signingKeyId(secret) === row.wrappedBy,
  );
  const material =
    wrapping === undefined ? null : unseal(wrapKey(wrapping), DATA_KEY_ROW, row.wrapped);
  if (wrapping === undefined || material === null) {
    throw new DataKeyUnavailable(
      `JWT_SECRET: the data key is wrapped under the secret with id ${row.wrappedBy}, which this ` +
        'process was not given; set it as JWT_SECRET, or as JWT_SECRET_PREVIOUS beside the new one',
    );
  }
  if (wrapping !== signing) {
    await db
      .update(dataKeys)
      .set({
        wrapped: seal(wrapKey(signing), DATA_KEY_ROW, material),
        wrappedBy: currentId,
        wrappedAt: new Date(),
      })
      .where(and(eq(dataKeys.name, DATA_KEY_ROW), eq(dataKeys.wrappedBy, row.wrappedBy)));
  }
  return { signing, signingPrevious, data: material };
}
