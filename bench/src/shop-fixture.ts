// A shop to put load on, shared by the load test and the checkout benchmark: a fresh PostgreSQL
// database, a bulk catalog, users signed up through the API and balances credited through the
// ledger's own function, as a paid deposit would.
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { apiPaths, TokenResponseSchema, type Currency, type OrderRequest } from '@pictura/contract';
import { loadConfig } from '../../apps/server/src/config.js';
import {
  migrate,
  openPostgres,
  type PostgresDatabase,
} from '../../apps/server/src/infra/db/index.js';
import { ProceduralImageGenerator } from '../../apps/server/src/infra/image-generation/index.js';
import { createFileStorage } from '../../apps/server/src/infra/storage/index.js';
import { issueVerificationToken } from '../../apps/server/src/modules/accounts/index.js';
import { seedBulkOffers } from '../../apps/server/src/modules/catalog/index.js';
import { postLedgerEntry } from '../../apps/server/src/modules/ledger/index.js';
import { orderRequest } from '../../apps/server/src/test/order-request.js';
import {
  adminQuery,
  assertSafeName,
  withDatabaseName,
} from '../../apps/server/src/test/postgres-admin.js';

/** Whether PostgreSQL answers at `url`: the benchmarks that need it are skipped otherwise. */
export async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export interface FreshDatabase {
  readonly url: string;
  /** The fixture's own connection, for seeding and for reading back what the server wrote. */
  readonly database: PostgresDatabase;
  drop(): Promise<void>;
}

/** A new, migrated database on the server of `adminUrl` (a role allowed to create databases). */
export async function createFreshDatabase(
  adminUrl: string,
  prefix: string,
): Promise<FreshDatabase> {
  const name = assertSafeName(`${prefix}_${randomBytes(5).toString('hex')}`);
  await adminQuery(adminUrl, `create database ${name}`);
  const url = withDatabaseName(adminUrl, name);
  const database = await openPostgres(url);
  await migrate(database);
  return {
    url,
    database,
    drop: async () => {
      await database.close();
      // FORCE: a server process that did not exit in time must not keep the database alive.
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/** What requests can name: offers, variants, categories and words that occur in titles. */
export interface CatalogSample {
  urlNames: string[];
  attributeIds: number[];
  categories: string[];
  words: string[];
}

/** Seeds `offers` bulk offers (pictures in `dataDir`, where the server will look) and samples them. */
export async function seedCatalog(
  database: PostgresDatabase,
  dataDir: string,
  offers: number,
): Promise<CatalogSample> {
  const storage = createFileStorage(loadConfig({ DATA_DIR: dataDir }));
  await seedBulkOffers({ database, storage, generator: new ProceduralImageGenerator() }, offers);
  const column = async <T>(statement: string) =>
    (await database.client.query<{ value: T }>(statement)).rows.map((row) => row.value);
  const titles = await column<string>('select title as value from offers limit 500');
  return {
    urlNames: await column<string>('select url_name as value from offers'),
    attributeIds: await column<number>('select id as value from offer_attributes'),
    categories: await column<string>('select url_name as value from categories'),
    words: [...new Set(titles.flatMap((title) => title.toLowerCase().match(/\p{L}{4,}/gu) ?? []))],
  };
}

export interface ShopUser {
  readonly userId: string;
  readonly email: string;
  readonly password: string;
  readonly accessToken: string;
}

/** Strong enough for the server's zxcvbn check; every load user has it. */
export const LOAD_PASSWORD = 'violet-Harbor-42-lantern';

/** Signs `count` users up through the API, `concurrency` at a time (argon2 makes each cost). */
export async function signUpUsers(
  baseUrl: string,
  database: PostgresDatabase,
  count: number,
  concurrency = 4,
): Promise<ShopUser[]> {
  const signedUp: Omit<ShopUser, 'userId'>[] = [];
  const signUpOne = async () => {
    const email = `load-${randomUUID()}@example.com`;
    const response = await fetch(`${baseUrl}${apiPaths.accountsRegister}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email,
        password: LOAD_PASSWORD,
        repeatedPassword: LOAD_PASSWORD,
        agreedToPrivacyPolicy: true,
      }),
    });
    if (!response.ok) {
      throw new Error(`sign-up failed with ${response.status}: ${await response.text()}`);
    }
    const { accessToken } = TokenResponseSchema.parse(await response.json());
    signedUp.push({ email, password: LOAD_PASSWORD, accessToken });
  };
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      for (let index = worker; index < count; index += concurrency) await signUpOne();
    }),
  );
  const { rows } = await database.client.query<{ id: string; email: string }>(
    'select id, email from users where email = any($1)',
    [signedUp.map((user) => user.email)],
  );
  const ids = new Map(rows.map((row) => [row.email, row.id]));
  const users = signedUp.map((user) => {
    const userId = ids.get(user.email);
    if (!userId) throw new Error(`no user row for ${user.email}`);
    return { ...user, userId };
  });
  for (const user of users) await verifyEmail(baseUrl, database, user);
  return users;
}

/**
 * Opens a verification link for the user as the mailed one would be opened: money moves only for
 * verified addresses. The token is made by the server's own code, since the load server sends no
 * mail anyone could read.
 */
async function verifyEmail(
  baseUrl: string,
  database: PostgresDatabase,
  user: Pick<ShopUser, 'userId' | 'email'>,
): Promise<void> {
  const token = await issueVerificationToken(database.db, user.userId, user.email);
  const response = await fetch(`${baseUrl}${apiPaths.accountsVerifyEmail}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user: user.userId, token }),
  });
  if (!response.ok) {
    throw new Error(
      `verifying ${user.email} failed with ${response.status}: ${await response.text()}`,
    );
  }
}

/** Credits each user's balance through the ledger, in a transaction of its own as a deposit does. */
export async function creditBalances(
  database: PostgresDatabase,
  credits: readonly { userId: string; amount: number }[],
  currency: Currency,
): Promise<void> {
  for (const { userId, amount } of credits) {
    await database.db.transaction((tx) =>
      postLedgerEntry(tx, {
        userId,
        currency,
        amount,
        kind: 'deposit',
        reference: `payment:${randomUUID()}`,
      }),
    );
  }
}

/** A checkout body paying by balance, as the web app sends it. */
export const orderBody = (attributeIds: readonly number[], currency: Currency): OrderRequest =>
  orderRequest(attributeIds, {
    currency,
    payByBalance: true,
    userAgent: 'Mozilla/5.0 (load test)',
  });

/** `count` different variants, picked at random (one cart may not hold a variant twice). */
export function randomCart(attributeIds: readonly number[], count: number): number[] {
  const picked = new Set<number>();
  while (picked.size < Math.min(count, attributeIds.length)) {
    picked.add(attributeIds[Math.floor(Math.random() * attributeIds.length)] ?? 0);
  }
  return [...picked];
}

/**
 * Carts of variants their user has not ordered yet in this run: the shop refuses (400) an order for
 * a variant its buyer already owns, and a paid earlier order may own any variant ordered before.
 */
export function createCartPicker(attributeIds: readonly number[]) {
  const ordered = new Map<string, Set<number>>();
  return (user: ShopUser, count: number): number[] => {
    const mine = ordered.get(user.userId) ?? new Set<number>();
    ordered.set(user.userId, mine);
    const cart = randomCart(
      attributeIds.filter((id) => !mine.has(id)),
      count,
    );
    if (cart.length === 0) throw new Error(`User ${user.email} has ordered every variant already`);
    for (const id of cart) mine.add(id);
    return cart;
  };
}
