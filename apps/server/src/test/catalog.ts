// A small catalog for the catalog module's integration tests, made through its service: EUR and
// USD prices sort differently (quiet-nebula), and one offer is not published (hidden-fox).
import { eq } from 'drizzle-orm';
import type { Currency } from '@pictura/contract';
import type { Db } from '../infra/db/index.js';
import {
  createCategories,
  createOffers,
  offerAttributes,
  offers,
  type NewOffer,
} from '../modules/catalog/index.js';

const DAY = 24 * 3_600_000;
const now = Date.now();

interface Fixture {
  urlName: string;
  title: string;
  style: NewOffer['style'];
  size: [number, number];
  category: string;
  standard: Record<Currency, number>;
  daysAgo: number;
  tags: string[];
  published?: boolean;
}
export const TEST_OFFERS: Fixture[] = [
  {
    urlName: 'red-fox',
    title: 'Red Fox',
    style: 'Nature',
    size: [1600, 1000],
    category: 'animals',
    standard: { EUR: 500, USD: 600 },
    daysAgo: 1,
    tags: ['forest'],
  },
  {
    urlName: 'night-owl',
    title: 'Night Owl',
    style: 'Anime',
    size: [1000, 1600],
    category: 'animals',
    standard: { EUR: 900, USD: 800 },
    daysAgo: 2,
    tags: ['bird'],
  },
  {
    urlName: 'blue-whale',
    title: 'Blue Whale',
    style: 'Nature',
    size: [1280, 1280],
    category: 'animals',
    standard: { EUR: 1500, USD: 1700 },
    daysAgo: 3,
    tags: ['ocean'],
  },
  {
    urlName: 'neon-comet',
    title: 'Neon Comet',
    style: 'Cyberpunk',
    size: [1600, 1000],
    category: 'space',
    standard: { EUR: 300, USD: 350 },
    daysAgo: 4,
    tags: ['sky'],
  },
  {
    urlName: 'quiet-nebula',
    title: 'Quiet Nebula',
    style: 'Dreamscape',
    size: [1000, 1600],
    category: 'space',
    standard: { EUR: 2500, USD: 1000 },
    daysAgo: 5,
    tags: ['sky'],
  },
  {
    urlName: 'hidden-fox',
    title: 'Hidden Fox',
    style: 'Nature',
    size: [1600, 1000],
    category: 'animals',
    standard: { EUR: 100, USD: 100 },
    daysAgo: 0,
    tags: [],
    published: false,
  },
];

/** What every published test offer's search needs: the whole price range in EUR. */
export const ALL_PRICES = 'From=0&To=100000&Currency=EUR';

export const urlNamesOf = (body: { items: { urlName: string }[] }): string[] =>
  body.items.map((item) => item.urlName);

/** Creates the test catalog; returns each offer's variant ids (standard, then full). */
export async function seedTestCatalog(db: Db): Promise<Map<string, number[]>> {
  const [animals, space] = await createCategories(db, [
    { urlName: 'animals', names: { en: 'Animals', es: 'Animales', ja: '動物' } },
    { urlName: 'space', names: { en: 'Space', es: 'Espacio', ja: '宇宙' } },
    { urlName: 'empty', names: { en: 'Empty', es: 'Vacío', ja: '空' } },
  ]);
  const categoryIds: Record<string, number> = { animals: animals!.id, space: space!.id };
  await createOffers(
    db,
    TEST_OFFERS.map((fixture, index) => ({
      urlName: fixture.urlName,
      title: fixture.title,
      description: `${fixture.title}, painted for the test catalogue.`,
      style: fixture.style,
      categoryId: categoryIds[fixture.category]!,
      tags: fixture.tags,
      prompt: fixture.title,
      seed: index,
      image: {
        imageKey: index.toString(16).padStart(32, '0'),
        width: fixture.size[0],
        height: fixture.size[1],
        placeholder: 'data:image/webp;base64,AAAA',
      },
      attributes: [
        { kind: 'standard', prices: fixture.standard },
        {
          kind: 'full',
          prices: { EUR: fixture.standard.EUR * 3, USD: fixture.standard.USD * 3 },
        },
      ],
      published: fixture.published ?? true,
      createdAt: new Date(now - fixture.daysAgo * DAY),
    })),
  );
  const attributeIds = new Map<string, number[]>();
  const rows = await db
    .select({ urlName: offers.urlName, id: offerAttributes.id })
    .from(offerAttributes)
    .innerJoin(offers, eq(offers.id, offerAttributes.offerId))
    .orderBy(offerAttributes.id);
  for (const row of rows) {
    attributeIds.set(row.urlName, [...(attributeIds.get(row.urlName) ?? []), row.id]);
  }
  return attributeIds;
}
