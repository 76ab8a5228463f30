import { vi } from 'vitest';
import {
  apiPaths,
  ORIENTATIONS,
  PREVIEW_WIDTHS,
  STYLES,
  type Category,
  type Currency,
  type OfferDetail,
  type OfferSummary,
} from '@pictura/contract';

/**
 * A small catalog behind a fake `fetch`, for component tests of the gallery pages. It answers the
 * catalog endpoints as the contract describes them, applies the filters it is given, and records
 * every request so a test can check the query the page sent.
 */

export const categories: Category[] = [
  {
    id: 1,
    urlName: 'landscapes',
    names: { en: 'Landscapes', es: 'Paisajes', ja: '風景' },
    offerCount: 30,
  },
  {
    id: 2,
    urlName: 'animals',
    names: { en: 'Animals', es: 'Animales', ja: '動物' },
    offerCount: 0,
  },
];

const PLACEHOLDER = 'data:image/webp;base64,UklGRg==';

/** Offer n: styles and orientations in turn, prices rising by 1.00 (EUR) and 1.10 (USD). */
export function offer(n: number, currency: Currency): OfferDetail {
  const orientation = ORIENTATIONS[n % ORIENTATIONS.length] ?? 'Square';
  const width = orientation === 'Horizontal' ? 1600 : orientation === 'Vertical' ? 1000 : 1200;
  const height = orientation === 'Vertical' ? 1600 : orientation === 'Horizontal' ? 1000 : 1200;
  const base = currency === 'EUR' ? 400 + n * 100 : 440 + n * 110;
  return {
    id: n,
    urlName: `picture-${n}`,
    title: `Picture ${n}`,
    style: STYLES[1 + (n % (STYLES.length - 1))] ?? 'Anime',
    orientation,
    categoryName: 'landscapes',
    createdAt: new Date(Date.UTC(2025, 0, 1 + n)).toISOString(),
    price: { amount: base, currency },
    image: {
      width,
      height,
      placeholder: PLACEHOLDER,
      previews: PREVIEW_WIDTHS.flatMap((w) =>
        (['avif', 'webp'] as const).map((format) => ({
          width: w,
          format,
          url: `/files/previews/${n}-${w}.${format}`,
        })),
      ),
      share: `/files/previews/${n}-share.jpg`,
    },
    description: `The description of picture ${n}.`,
    tags: ['sea', 'blue hour'],
    attributes: [
      {
        id: n * 10 + 1,
        kind: 'standard',
        name: 'Standard download',
        price: { amount: base, currency },
      },
      {
        id: n * 10 + 2,
        kind: 'full',
        name: 'Full resolution, commercial licence',
        price: { amount: base * 3, currency },
      },
    ],
  };
}

const summary = ({
  description: _d,
  tags: _t,
  attributes: _a,
  ...rest
}: OfferDetail): OfferSummary => rest;

const TOTAL = 30;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export interface FakeApi {
  /** Every URL requested, in order. */
  requests: URL[];
  /** Requests to one API path (compared without regard to case). */
  requestsTo(path: string): URL[];
  /** The next answers to this path fail with this status. */
  failNext(path: string, status: number, times?: number): void;
}

/** Replaces `fetch` for the test; undo with `vi.unstubAllGlobals()`. */
export function installFakeApi(): FakeApi {
  const requests: URL[] = [];
  const failures = new Map<string, { status: number; times: number }>();

  const answer = (url: URL): Response => {
    const path = url.pathname.toLowerCase();
    const failure = failures.get(path);
    if (failure && failure.times > 0) {
      failure.times -= 1;
      return json(failure.status, { errors: {} });
    }
    const currency = (url.searchParams.get('Currency') ?? 'EUR') as Currency;
    if (path === apiPaths.categories) return json(200, categories);
    if (path === apiPaths.offersLatest) {
      return json(
        200,
        [12, 11, 10, 9].map((n) => summary(offer(n, currency))),
      );
    }
    if (path === apiPaths.offersGetOne.toLowerCase()) {
      const n = Number(url.searchParams.get('UrlName')?.replace('picture-', ''));
      return n >= 1 && n <= TOTAL ? json(200, offer(n, currency)) : json(404, { errors: {} });
    }
    if (path === apiPaths.offers) {
      const q = url.searchParams;
      const from = Number(q.get('From'));
      const to = Number(q.get('To'));
      let list = Array.from({ length: TOTAL }, (_, i) => offer(i + 1, currency)).filter(
        (item) =>
          (!q.get('Orientation') || item.orientation === q.get('Orientation')) &&
          (!q.get('Style') || item.style === q.get('Style')) &&
          (!q.get('Category') || item.categoryName === q.get('Category')) &&
          item.price.amount >= from &&
          item.price.amount <= to,
      );
      if (q.get('Sort') === 'LowToHigh')
        list = list.sort((a, b) => a.price.amount - b.price.amount);
      const page = Number(q.get('Page') ?? 1);
      const pageSize = Number(q.get('PageSize') ?? 24);
      return json(200, {
        items: list.slice((page - 1) * pageSize, page * pageSize).map(summary),
        total: list.length,
        page,
        pageSize,
      });
    }
    return json(404, { errors: {} });
  };

  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      requests.push(url);
      return answer(url);
    }),
  );

  return {
    requests,
    requestsTo: (path) =>
      requests.filter((url) => url.pathname.toLowerCase() === path.toLowerCase()),
    failNext: (path, status, times = 1) => failures.set(path.toLowerCase(), { status, times }),
  };
}
