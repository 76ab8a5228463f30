// A shop's data written as an older release wrote it: plain SQL on the older schema, with every
// secret sealed under JWT_SECRET itself (as before data keys), so that only what the migrations
// and the start-up of the current release do to it is under test.
import { createHmac, randomUUID } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/index.js';
import { seal } from '../../infra/seal.js';
import { deriveKey } from '../../infra/secret.js';
import { STRONG_PASSWORD } from '../accounts.js';

export interface PreviousReleaseShop {
  readonly buyer: { email: string; password: string; totpSecret: string };
  /** The buyer's EUR balance: a deposit, less an order paid by balance and a generation. */
  readonly balance: number;
  readonly orderId: number;
  readonly giftCardCode: string;
  readonly generationJobId: string;
}

const DEPOSIT = 5_000;
const ARTWORK_PRICE = 2_500;
const GIFT_CARD = 1_000;
const GENERATION_PRICE = 300;
const TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
/** Twenty characters of the code alphabet; the buyer sees it in groups of four. */
const GIFT_CARD_CODE = 'K8SP8SWTCL2624C7B8S2';

const idOf = (result: { rows: Record<string, unknown>[] }): number => {
  const id = result.rows[0]?.id;
  if (typeof id !== 'number') throw new Error('no id returned');
  return id;
};

const seller = {
  name: 'Pictura Test Shop',
  address: '1 Main Street, Dublin',
  vatNumber: 'IE1234567X',
};

/** Writes one buyer's whole story: two-step sign-in, a passkey, a deposit, an order, a generation. */
export async function writePreviousReleaseShop(
  db: Db,
  jwtSecret: string,
): Promise<PreviousReleaseShop> {
  const email = `previous-${randomUUID()}@example.com`;
  // argon2id (the library's default) as every release has stored it: cost and salt in the string.
  const passwordHash = await hash(STRONG_PASSWORD, { memoryCost: 19_456, timeCost: 2 });
  const [user] = (
    await db.execute<{ id: string }>(sql`
      insert into users (email, password_hash, first_name, last_name, country, city, address1,
        zip_code, currency, locale, email_verified_at)
      values (${email}, ${passwordHash}, 'Ada', 'Byron', 'IE', 'Dublin', '1 Quay Street',
        'D02', 'EUR', 'en', now() - interval '30 days')
      returning id`)
  ).rows;
  const userId = user?.id;
  if (!userId) throw new Error('no user id returned');

  await db.execute(sql`
    insert into totp_factors (user_id, sealed_secret, enabled_at)
    values (${userId}, ${seal(deriveKey(jwtSecret, 'totp-secret'), `totp:${userId}`, TOTP_SECRET)}, now())`);
  await db.execute(sql`
    insert into totp_recovery_codes (user_id, code_hash)
    values (${userId}, 'recovery-code-hash-0001'), (${userId}, 'recovery-code-hash-0002')`);
  await db.execute(sql`
    insert into passkeys (user_id, credential_id, public_key, counter, transports, user_handle, name)
    values (${userId}, 'Y3JlZGVudGlhbC0x', 'cHVibGljLWtleS0x', 7, ${'{internal,hybrid}'}::text[],
      'dXNlci1oYW5kbGU', 'Laptop')`);

  // The deposit that funded the balance, paid and receipted.
  const [payment] = (
    await db.execute<{ id: string }>(sql`
      insert into payments (user_id, purpose, amount, currency, status, provider, expires_at, settled_at)
      values (${userId}, 'deposit', ${DEPOSIT}, 'EUR', 'succeeded', 'sandbox',
        now() + interval '1 hour', now())
      returning id`)
  ).rows;
  const paymentId = payment?.id;
  if (!paymentId) throw new Error('no payment id returned');
  await db.execute(sql`
    insert into deposits (payment_id, user_id, first_name, last_name, country, city, address1, zip_code)
    values (${paymentId}, ${userId}, 'Ada', 'Byron', 'IE', 'Dublin', '1 Quay Street', 'D02')`);

  // A catalog of one picture, bought with a gift card in one order paid by balance.
  const categoryId = idOf(
    await db.execute(sql`
      insert into categories (url_name, name_en, name_es, name_ja)
      values ('landscapes', 'Landscapes', 'Paisajes', '風景') returning id`),
  );
  const offerId = idOf(
    await db.execute(sql`
      insert into offers (url_name, title, description, style, width, height, tags,
        category_id, published, prompt, seed, image_key, placeholder, min_price_eur, min_price_usd,
        search_document)
      values ('misty-lake', 'Misty lake', 'A lake at dawn.', 'Nature', 1024, 768,
        ${'{lake,dawn}'}::text[], ${categoryId}, true, 'a misty lake at dawn', 42, 'offers/1.png',
        'data:image/png;base64,AA==', ${ARTWORK_PRICE}, 2700,
        to_tsvector('simple', 'Misty lake dawn'))
      returning id`),
  );
  const attributeId = idOf(
    await db.execute(sql`
      insert into offer_attributes (offer_id, kind, price_eur, price_usd)
      values (${offerId}, 'standard', ${ARTWORK_PRICE}, 2700) returning id`),
  );
  const total = ARTWORK_PRICE + GIFT_CARD;
  const orderId = idOf(
    await db.execute(sql`
      insert into orders (user_id, status, currency, total, gift_card_amount, paid_by_balance,
        paid_by_payment, first_name, last_name, country, city, address1, zip_code,
        javascript_enabled, accept_language, screen_width, screen_height, time_zone, user_agent,
        expires_at, paid_at)
      values (${userId}, 'paid', 'EUR', ${total}, ${GIFT_CARD}, ${total}, 0, 'Ada', 'Byron', 'IE',
        'Dublin', '1 Quay Street', 'D02', true, 'en', 1280, 800, 'Europe/Dublin', 'Firefox',
        now() + interval '1 hour', now())
      returning id`),
  );
  await db.execute(sql`
    insert into order_items (order_id, position, offer_id, offer_attribute_id, url_name, title,
      kind, price, vat_country, vat_rate, vat_amount)
    values (${orderId}, 0, ${offerId}, ${attributeId}, 'misty-lake', 'Misty lake', 'standard',
      ${ARTWORK_PRICE}, 'IE', 2300, 467)`);
  await db.execute(sql`
    insert into purchased_artworks (user_id, order_id, offer_id, offer_attribute_id, url_name, title, kind)
    values (${userId}, ${orderId}, ${offerId}, ${attributeId}, 'misty-lake', 'Misty lake', 'standard')`);
  // The code's HMAC to look it up by, and the code sealed to its hash until the buyer has seen it.
  const codeHash = createHmac('sha256', deriveKey(jwtSecret, 'gift-card-hash'))
    .update(GIFT_CARD_CODE)
    .digest('hex');
  const codeSealed = seal(deriveKey(jwtSecret, 'gift-card-code'), codeHash, GIFT_CARD_CODE);
  await db.execute(sql`
    insert into gift_cards (order_id, buyer_id, amount, currency, code_hash, code_hint, code_sealed)
    values (${orderId}, ${userId}, ${GIFT_CARD}, 'EUR', ${codeHash}, ${GIFT_CARD_CODE.slice(-4)},
      ${codeSealed})`);

  const buyer = {
    name: 'Ada Byron',
    email,
    address1: '1 Quay Street',
    city: 'Dublin',
    zipCode: 'D02',
    state: null,
    country: 'IE',
  };
  const depositLine = {
    kind: 'deposit',
    title: '',
    variant: null,
    gross: DEPOSIT,
    vatCountry: null,
    vatRate: 0,
    vat: 0,
  };
  const orderLines = [
    {
      kind: 'artwork',
      title: 'Misty lake',
      variant: 'standard',
      gross: ARTWORK_PRICE,
      vatCountry: 'IE',
      vatRate: 2300,
      vat: 467,
    },
    {
      kind: 'giftCard',
      title: '',
      variant: null,
      gross: GIFT_CARD,
      vatCountry: null,
      vatRate: 0,
      vat: 0,
    },
  ];
  await db.execute(sql`
    insert into receipts (number, user_id, kind, payment_id, currency, total, vat_total, seller, buyer, lines)
    values (1, ${userId}, 'deposit', ${paymentId}, 'EUR', ${DEPOSIT}, 0, ${JSON.stringify(seller)}::jsonb,
      ${JSON.stringify(buyer)}::jsonb, ${JSON.stringify([depositLine])}::jsonb)`);
  await db.execute(sql`
    insert into receipts (number, user_id, kind, order_id, currency, total, vat_total, seller, buyer, lines)
    values (2, ${userId}, 'order', ${orderId}, 'EUR', ${total}, 467, ${JSON.stringify(seller)}::jsonb,
      ${JSON.stringify(buyer)}::jsonb, ${JSON.stringify(orderLines)}::jsonb)`);
  await db.execute(sql`insert into receipt_counter (series, last) values ('receipts', 2)`);

  // A generation that succeeded: its price held, then kept.
  const generationJobId = randomUUID();
  await db.execute(sql`
    insert into generation_jobs (id, user_id, prompt, style, orientation, quality, count, seed,
      currency, price, status, progress, generator, finished_at, vat_country, vat_rate, vat_amount)
    values (${generationJobId}, ${userId}, 'a red fox in snow', 'Nature', 'Square', 'standard', 1, 7,
      'EUR', ${GENERATION_PRICE}, 'succeeded', 100, 'procedural', now(), 'IE', 2300, 56)`);
  await db.execute(sql`
    insert into generated_pictures (job_id, n, storage_key, content_type, preview_key, width, height, placeholder)
    values (${generationJobId}, 1, ${`generated/${generationJobId}/1.png`}, 'image/png',
      ${`generated/${generationJobId}/1.webp`}, 1024, 1024, 'data:image/png;base64,AA==')`);

  // The ledger and the balance it adds up to.
  const entries: [number, string, string][] = [
    [DEPOSIT, 'deposit', `payment:${paymentId}`],
    [-total, 'order', `order:${orderId}`],
    [-GENERATION_PRICE, 'generationHold', `generation:${generationJobId}`],
    [0, 'generationCapture', `generation:${generationJobId}`],
  ];
  let balance = 0;
  for (const [amount, kind, reference] of entries) {
    balance += amount;
    await db.execute(sql`
      insert into ledger_entries (user_id, currency, amount, balance_after, kind, reference)
      values (${userId}, 'EUR', ${amount}, ${balance}, ${kind}, ${reference})`);
  }
  await db.execute(sql`
    insert into balances (user_id, currency, amount) values (${userId}, 'EUR', ${balance})`);

  return {
    buyer: { email, password: STRONG_PASSWORD, totpSecret: TOTP_SECRET },
    balance,
    orderId,
    giftCardCode: GIFT_CARD_CODE,
    generationJobId,
  };
}
