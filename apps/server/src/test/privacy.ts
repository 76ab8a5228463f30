// A user with one record of every kind the shop keeps about people, for the data export and
// account deletion tests: made through the API as the user (and customer care) would.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { z } from 'zod';
import {
  adminApiPaths,
  adminTicketPaths,
  apiPaths,
  GenerationAcceptedSchema,
} from '@pictura/contract';
import type { App } from '../app.js';
import type { Db } from '../infra/db/index.js';
import { createFileStorage } from '../infra/storage/index.js';
import {
  createCategories,
  createOffers,
  offerAttributes,
  storeOriginal,
} from '../modules/catalog/index.js';
import { bearer, randomIp, signUp, type TestUser } from './accounts.js';
import { signUpAdmin } from './admin.js';
import { testConfig } from './app.js';
import { submitGeneration, waitForJob } from './generation.js';
import { creditBalance, giftCardCodeOf, orderRequest, ordersOf, placeOrder } from './orders.js';
import {
  deliverSandboxEvent,
  depositRequest,
  paymentOfLink,
  postDeposit,
  userIdOf,
} from './payments.js';

/** Strings that identify this person only, so a search of the database finds nothing else. */
export interface PersonalDetails {
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly city: string;
  readonly address1: string;
}

export interface UserWithEverything {
  readonly user: TestUser;
  readonly userId: string;
  readonly details: PersonalDetails;
  readonly jobId: string;
  readonly ticketNumber: string;
}

const uniqueWord = (prefix: string) => `${prefix}${randomBytes(5).toString('hex')}`;

async function post(app: App, user: TestUser | null, url: string, payload: object) {
  const response = await app.inject({
    method: 'POST',
    url,
    remoteAddress: randomIp(),
    headers: user ? bearer(user.accessToken) : {},
    payload,
  });
  if (response.statusCode >= 300) {
    throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
  }
  return response;
}

/** An offer whose original is in the test app's file storage; answers its standard variant's id. */
async function offerToBuy(db: Db): Promise<number> {
  const original = await sharp({
    create: { width: 48, height: 32, channels: 3, background: '#2e86c1' },
  })
    .jpeg()
    .toBuffer();
  const image = await storeOriginal(createFileStorage(testConfig()), original);
  const name = uniqueWord('privacy-');
  const [category] = await createCategories(db, [
    { urlName: name, names: { en: 'Privacy', es: 'Privacidad', ja: 'プライバシー' } },
  ]);
  const [offerId] = await createOffers(db, [
    {
      urlName: name,
      title: 'Quiet Harbour',
      description: 'A harbour at dawn.',
      style: 'Vintage',
      categoryId: category?.id ?? 0,
      tags: [],
      prompt: 'a quiet harbour',
      seed: 1,
      image,
      attributes: [{ kind: 'standard', prices: { EUR: 400, USD: 450 } }],
    },
  ]);
  const [variant] = await db
    .select({ id: offerAttributes.id })
    .from(offerAttributes)
    .where(eq(offerAttributes.offerId, offerId ?? 0));
  return variant?.id ?? 0;
}

/**
 * A signed-up user with a profile and billing address, a balance, a credited deposit (its billing
 * details and receipt name the person), a paid order with a picture,
 * a gift card bought and redeemed, a support ticket answered by customer care (and one sent
 * signed out with the same address), a goodwill card mailed to them from the back office, a
 * delivered generation job, and a session. The app must
 * run generation with a fast generator (fastTuning). `email`: the address to sign up with.
 */
export async function userWithEverything(
  app: App,
  db: Db,
  email = `${uniqueWord('privacy-')}@example.com`,
): Promise<UserWithEverything> {
  const details: PersonalDetails = {
    email,
    firstName: uniqueWord('Zebulon'),
    lastName: uniqueWord('Quibble'),
    city: uniqueWord('Vexford'),
    address1: `${uniqueWord('Lantern')} Lane 7`,
  };
  const user = await signUp(app, { email: details.email });
  const { firstName, lastName, city, address1 } = details;
  await post(app, user, apiPaths.accountsUpdate, { firstName, lastName });
  await post(app, user, apiPaths.accountsUpdateBilling, {
    country: 'ES',
    city,
    address1,
    zipCode: '28013',
  });
  await creditBalance(db, user, 10_000, 'EUR');
  const deposit = await postDeposit(
    app,
    user,
    depositRequest({ depositAmount: 1_000, firstName, lastName, city, address1 }),
  );
  const settled = await deliverSandboxEvent(app, {
    type: 'succeeded',
    ...paymentOfLink(deposit.json<{ paymentLink: string }>().paymentLink),
  });
  if (settled.statusCode !== 200) throw new Error(`deposit not credited: ${settled.body}`);

  const variant = await offerToBuy(db);
  const payer = { payByBalance: true, firstName, lastName, city, address1 };
  await placeOrder(app, user, orderRequest([variant], payer));
  await placeOrder(app, user, orderRequest([], { ...payer, giftCardAmount: 1_000 }));
  const giftCardOrder = (await ordersOf(app, user)).find((order) => order.giftCards.length > 0);
  const code = await giftCardCodeOf(app, user, giftCardOrder?.id ?? 0);
  await post(app, user, apiPaths.balanceGiftCard, { giftCardNumber: code });

  const ticket = {
    email: details.email,
    name: `${firstName} ${lastName}`,
    supportTicketType: 'Other',
    description: `Please send the invoice to ${address1}, ${city}.`,
  };
  const sent = await post(app, user, apiPaths.supportCreateTicket, ticket);
  const { ticketNumber } = z.object({ ticketNumber: z.string() }).parse(sent.json());
  await post(app, null, apiPaths.supportCreateTicket, {
    ...ticket,
    description: 'Writing again about my invoice.',
  });
  const admin = await signUpAdmin(app, db);
  await post(app, admin, adminTicketPaths.replies(ticketNumber), {
    message: `Hello ${firstName}, it is on its way.`,
  });

  // A goodwill card from the back office, mailed to the address, its reason naming the person.
  await post(app, admin, adminApiPaths.giftCards, {
    amount: 500,
    currency: 'EUR',
    recipientEmail: details.email,
    message: `Sorry for the wait, ${firstName}.`,
    reason: `Late answer to ${firstName} ${lastName}`,
  });

  const submitted = await submitGeneration(app, user);
  const jobId = GenerationAcceptedSchema.parse(submitted.json()).id;
  const job = await waitForJob(app, user, jobId);
  if (job.status !== 'succeeded') throw new Error(`generation ended ${job.status}`);

  return { user, userId: userIdOf(user), details, jobId, ticketNumber };
}
