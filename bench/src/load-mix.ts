// The shoppers of the load test: what they ask for and how often. Most requests
// browse and search the gallery with varied filters (so caches do not answer them all); a few sign
// in; some check out paying by balance with an Idempotency-Key, and some of those are retried with
// the same key, as a client does after a lost answer.
import { randomUUID } from 'node:crypto';
import {
  apiPaths,
  CURRENCIES,
  ORIENTATIONS,
  PAYMENT_RESULT_ORDER_QUERY,
  PaymentLinkResponseSchema,
  SORTS,
  STYLES,
} from '@pictura/contract';
import type { Answer, PlannedRequest } from './open-loop.js';
import { orderBody, createCartPicker, type CatalogSample, type ShopUser } from './shop-fixture.js';

/** Shares of the requests, in percent. */
export const LOAD_MIX = {
  search: 40,
  offer: 22,
  latest: 8,
  categories: 7,
  'sign-in': 4,
  checkout: 14,
  orders: 5,
} as const;
type Kind = keyof typeof LOAD_MIX;

/** Of the checkouts, the share sent again with an earlier checkout's key and body. */
const REPLAY_SHARE = 0.1;

const pick = <T>(values: readonly T[]): T => {
  const value = values[Math.floor(Math.random() * values.length)];
  if (value === undefined) throw new Error('nothing to pick from');
  return value;
};
const chance = (share: number) => Math.random() < share;
const bearer = (user: ShopUser) => ({ authorization: `Bearer ${user.accessToken}` });

/** What the checkouts did, for the report and for the count of orders the database must hold. */
export interface CheckoutTally {
  /** First requests with their key answered 200: each must have made one order. */
  placed: number;
  /** Of those, paid whole by the balance. */
  paidByBalance: number;
  /** Of those, with a balance too low: the rest left to a card payment (a pending order). */
  sentToPayment: number;
  replays: number;
  /** Replays answered differently from their first request (should be none). */
  replayMismatches: number;
}

/** Whether a status is a right answer for the kind (everything else fails the test). */
export function isExpectedStatus(kind: string, status: number): boolean {
  if (status >= 200 && status < 300) return true;
  // Per-account sign-in limits are the server doing its job, not an error.
  return kind === 'sign-in' && status === 429;
}

interface Placed {
  user: ShopUser;
  key: string;
  body: string;
  paymentLink: string;
}

const linkOf = (answer: Answer) =>
  PaymentLinkResponseSchema.parse(JSON.parse(answer.body)).paymentLink;

export function createLoadMix(catalog: CatalogSample, users: readonly ShopUser[]) {
  const tally: CheckoutTally = {
    placed: 0,
    paidByBalance: 0,
    sentToPayment: 0,
    replays: 0,
    replayMismatches: 0,
  };
  const placed: Placed[] = [];
  const cartOf = createCartPicker(catalog.attributeIds);
  const currency = () => pick(CURRENCIES);

  function search(): PlannedRequest {
    const from = chance(0.5) ? 0 : 100 * Math.floor(Math.random() * 20);
    const query = new URLSearchParams({
      Sort: pick(SORTS),
      Currency: currency(),
      From: String(from),
      To: String(from + 500 + 100 * Math.floor(Math.random() * 100)),
      Page: String(chance(0.7) ? 1 : 2 + Math.floor(Math.random() * 4)),
      PageSize: '24',
      Style: chance(0.5) ? 'None' : pick(STYLES),
    });
    if (chance(0.5)) query.set('Orientation', pick(ORIENTATIONS));
    if (chance(0.3)) query.set('Category', pick(catalog.categories));
    if (chance(0.15)) query.set('Search', pick(catalog.words));
    return { kind: 'search', method: 'GET', path: `${apiPaths.offers}?${query}` };
  }

  function checkout(): PlannedRequest {
    const earlier = placed.length > 0 && chance(REPLAY_SHARE) ? pick(placed) : undefined;
    if (earlier) {
      return {
        kind: 'checkout (replay)',
        method: 'POST',
        path: apiPaths.orders,
        headers: { ...bearer(earlier.user), 'idempotency-key': earlier.key },
        body: earlier.body,
        onAnswer: (answer) => {
          tally.replays += 1;
          const same =
            answer.status === 200 &&
            answer.headers['idempotent-replayed'] === 'true' &&
            linkOf(answer) === earlier.paymentLink;
          if (!same) tally.replayMismatches += 1;
        },
      };
    }
    const user = pick(users);
    const key = randomUUID();
    const body = JSON.stringify(orderBody(cartOf(user, 1 + Math.floor(Math.random() * 3)), 'EUR'));
    return {
      kind: 'checkout',
      method: 'POST',
      path: apiPaths.orders,
      headers: { ...bearer(user), 'idempotency-key': key },
      body,
      onAnswer: (answer) => {
        if (answer.status !== 200) return;
        const paymentLink = linkOf(answer);
        tally.placed += 1;
        if (paymentLink.includes(`?${PAYMENT_RESULT_ORDER_QUERY}=`)) tally.paidByBalance += 1;
        else tally.sentToPayment += 1;
        placed.push({ user, key, body, paymentLink });
      },
    };
  }

  const builders: Record<Kind, () => PlannedRequest> = {
    search,
    offer: () => ({
      kind: 'offer',
      method: 'GET',
      path: `${apiPaths.offersGetOne}?${new URLSearchParams({ UrlName: pick(catalog.urlNames), Currency: currency() })}`,
    }),
    latest: () => ({
      kind: 'latest',
      method: 'GET',
      path: `${apiPaths.offersLatest}?Currency=${currency()}`,
    }),
    categories: () => ({ kind: 'categories', method: 'GET', path: apiPaths.categories }),
    'sign-in': () => {
      const user = pick(users);
      return {
        kind: 'sign-in',
        method: 'POST',
        path: apiPaths.accountsLogin,
        body: JSON.stringify({ email: user.email, password: user.password }),
      };
    },
    checkout,
    orders: () => ({
      kind: 'orders',
      method: 'GET',
      path: apiPaths.orders,
      headers: bearer(pick(users)),
    }),
  };
  const kinds = Object.entries(LOAD_MIX) as [Kind, number][];

  /** The next request, drawn by the shares of LOAD_MIX. */
  function next(): PlannedRequest {
    let draw = Math.random() * 100;
    for (const [kind, share] of kinds) {
      draw -= share;
      if (draw < 0) return builders[kind]();
    }
    return builders.search();
  }

  return { next, tally };
}
