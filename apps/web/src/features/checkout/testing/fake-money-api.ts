import { vi } from 'vitest';
import {
  apiPaths,
  type BalanceDebt,
  type CreditNote,
  type DepositReceipt,
  type BalanceResponse,
  type Currency,
  type LedgerHistory,
  type OfferAttributeLookup,
  type Order,
  type OrderGiftCardCode,
  type PaymentResult,
  type ProfileResponse,
  type PurchasedArtwork,
} from '@pictura/contract';

/**
 * A fake of the money endpoints behind `fetch`, for component tests of the cart, wallet, orders,
 * artworks and payment pages. It answers as the contract describes from state a test sets up,
 * records every call (headers and query included), and lets a test replace any answer.
 */

export interface MoneyCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
}

type Handler = (call: MoneyCall) => Response | Promise<Response>;

export const json = (status: number, body: unknown = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export const PROFILE: ProfileResponse = {
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  country: 'GB',
  city: 'London',
  address1: '12 St James Square',
  state: null,
  zipCode: 'SW1Y 4JH',
  currency: 'EUR',
  isAdmin: false,
  emailVerified: true,
  pendingEmail: null,
};

const IMAGE = {
  width: 1200,
  height: 800,
  placeholder: 'data:image/webp;base64,UklGRg==',
  previews: [{ width: 320, format: 'webp' as const, url: '/api/images/abc/320.webp' }],
  share: '/api/images/abc/share.jpg',
};

/** Variant 11 is "Red Fox" standard (5.00), 12 its full version (15.00), 21 "Night Owl" standard. */
export function attribute(id: number, currency: Currency): OfferAttributeLookup | null {
  const offers: Record<number, [string, string, string, number]> = {
    11: ['red-fox', 'Red Fox', 'standard', 500],
    12: ['red-fox', 'Red Fox', 'full', 1500],
    21: ['night-owl', 'Night Owl', 'standard', 900],
  };
  const offer = offers[id];
  if (!offer) return null;
  const [urlName, title, kind, eur] = offer;
  return {
    id,
    offerId: Math.floor(id / 10),
    urlName,
    title,
    kind,
    price: { amount: currency === 'EUR' ? eur : eur + 100, currency },
    image: IMAGE,
  };
}

export function order(id: number, change: Partial<Order> = {}): Order {
  return {
    id,
    createdAt: new Date(Date.UTC(2025, 2, id)).toISOString(),
    status: 'paid',
    currency: 'EUR',
    total: 500,
    paidByBalance: 0,
    paidByPayment: 500,
    items: [
      {
        offerId: 1,
        offerAttributeId: 11,
        urlName: 'red-fox',
        title: 'Red Fox',
        kind: 'standard',
        price: { amount: 500, currency: 'EUR' },
      },
    ],
    giftCards: [],
    paymentLink: null,
    expiresAt: null,
    receiptNumber: null,
    ...change,
  };
}

export function artwork(id: number, change: Partial<PurchasedArtwork> = {}): PurchasedArtwork {
  return {
    id,
    orderId: 1,
    offerId: 1,
    offerAttributeId: 11,
    urlName: 'red-fox',
    title: 'Red Fox',
    style: 'Nature',
    kind: 'full',
    purchasedAt: new Date(Date.UTC(2025, 2, 3)).toISOString(),
    image: IMAGE,
    downloadUrl: `/api/artworks/${id}/download`,
    licenceUrl: `/api/artworks/${id}/licence`,
    ...change,
  };
}

export interface MoneyState {
  /** The signed-in shopper's profile; the update calls change it. */
  profile: ProfileResponse;
  balances: Record<Currency, number | null>;
  orders: Order[];
  /** The full gift card codes of an order, by order id; none for an order not listed here. */
  giftCardCodes: Map<number, OrderGiftCardCode[]>;
  artworks: PurchasedArtwork[];
  history: Record<Currency, LedgerHistory[]>;
  payments: Map<string, PaymentResult[]>;
  /** What is owed per currency after a dispute or a provider refund (none unless set). */
  debts: BalanceDebt[];
  /** The receipts of credited deposits, newest first (none unless set). */
  depositReceipts: DepositReceipt[];
  /** Credit notes and their cancellations, newest first (none unless set). */
  creditNotes: CreditNote[];
}

export interface FakeMoneyApi {
  state: MoneyState;
  calls: MoneyCall[];
  /** Calls to one path (compared without regard to case), optionally of one method. */
  callsTo(path: string, method?: string): MoneyCall[];
  /** Replaces the answer of `METHOD /path`. */
  on(route: string, handler: Handler): void;
}

export function installFakeMoneyApi(): FakeMoneyApi {
  const calls: MoneyCall[] = [];
  const state: MoneyState = {
    profile: PROFILE,
    balances: { EUR: 2000, USD: 0 },
    orders: [],
    giftCardCodes: new Map(),
    artworks: [],
    history: { EUR: [{ entries: [], nextBefore: null }], USD: [{ entries: [], nextBefore: null }] },
    payments: new Map(),
    debts: [],
    depositReceipts: [],
    creditNotes: [],
  };
  const overrides = new Map<string, Handler>();
  const key = (method: string, path: string) => `${method} ${path.toLowerCase()}`;

  const defaults: Record<string, Handler> = {
    [key('GET', apiPaths.accountsProfile)]: () => json(200, state.profile),
    [key('POST', apiPaths.accountsUpdate)]: ({ body }) => {
      state.profile = { ...state.profile, ...(body as object) };
      return json(200, state.profile);
    },
    [key('POST', apiPaths.accountsUpdateBilling)]: ({ body }) => {
      state.profile = { ...state.profile, state: null, ...(body as object) };
      return json(200, state.profile);
    },
    [key('POST', apiPaths.balance)]: ({ body }) => {
      const currency = (body as { currency: Currency }).currency;
      const amount = state.balances[currency];
      return amount === null
        ? json(500)
        : json(200, { currency, amount } satisfies BalanceResponse);
    },
    [key('GET', apiPaths.offerAttributes)]: ({ query }) => {
      const currency = (query.get('Currency') ?? 'EUR') as Currency;
      const ids = (query.get('Ids') ?? '').split(',').map(Number);
      return json(
        200,
        ids.map((id) => attribute(id, currency)).filter((found) => found !== null),
      );
    },
    [key('POST', apiPaths.orders)]: () =>
      json(200, { paymentLink: 'http://localhost/api/payments/sandbox/p-1' }),
    [key('GET', apiPaths.orders)]: () => json(200, state.orders),
    [key('POST', apiPaths.balanceDeposit)]: () =>
      json(200, { paymentLink: 'http://localhost/api/payments/sandbox/d-1' }),
    [key('GET', apiPaths.artworks)]: () => json(200, state.artworks),
    [key('GET', apiPaths.balanceDebt)]: () => json(200, state.debts),
    [key('GET', apiPaths.balanceReceipts)]: () => json(200, state.depositReceipts),
    [key('GET', apiPaths.balanceCreditNotes)]: () => json(200, state.creditNotes),
    [key('GET', apiPaths.balanceHistory)]: ({ query }) => {
      const pages = state.history[(query.get('Currency') ?? 'EUR') as Currency];
      const before = query.get('Before');
      const index = before
        ? pages.findIndex((_, i) => pages[i - 1]?.nextBefore === Number(before))
        : 0;
      return json(200, pages[Math.max(0, index)]);
    },
  };

  const answer = (call: MoneyCall): Response | Promise<Response> => {
    const route = key(call.method, call.path);
    const handler = overrides.get(route) ?? defaults[route];
    if (handler) return handler(call);
    const codesOf = /^\/api\/orders\/(\d+)\/gift-card-codes$/.exec(call.path);
    if (call.method === 'GET' && codesOf?.[1]) {
      return json(200, state.giftCardCodes.get(Number(codesOf[1])) ?? []);
    }
    const payment = /^\/api\/payments\/([^/]+)$/.exec(call.path);
    if (call.method === 'GET' && payment?.[1]) {
      const answers = state.payments.get(decodeURIComponent(payment[1]));
      // Each poll takes the next answer; the last one repeats.
      const next = answers && answers.length > 1 ? answers.shift() : answers?.[0];
      return next ? json(200, next) : json(404, { errors: { '': 'Not found' } });
    }
    return json(404, { errors: { '': 'Not found' } });
  };

  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const call: MoneyCall = {
        method: init.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        body: init.body ? JSON.parse(String(init.body)) : undefined,
        headers: new Headers(init.headers),
      };
      calls.push(call);
      return answer(call);
    }),
  );

  return {
    state,
    calls,
    callsTo: (path, method) =>
      calls.filter(
        (call) =>
          call.path.toLowerCase() === path.toLowerCase() && (!method || call.method === method),
      ),
    on: (route, handler) => {
      const [method = 'GET', path = ''] = route.split(' ');
      overrides.set(key(method, path), handler);
    },
  };
}
