// The demo catalog's content: 8 categories and offer descriptions made from
// word lists, so the shop looks alive with no assets in the repository. Deterministic: the same
// index always gives the same offer.
import {
  ORIENTATIONS,
  STYLES,
  type Currency,
  type Orientation,
  type Style,
} from '@pictura/contract';
import type { NewCategory } from './offer-writes.js';

export const DEMO_CATEGORIES: readonly NewCategory[] = [
  { urlName: 'animals', names: { en: 'Animals', es: 'Animales', ja: '動物' } },
  { urlName: 'landscapes', names: { en: 'Landscapes', es: 'Paisajes', ja: '風景' } },
  { urlName: 'cityscapes', names: { en: 'Cityscapes', es: 'Paisajes urbanos', ja: '都市' } },
  { urlName: 'space', names: { en: 'Space', es: 'Espacio', ja: '宇宙' } },
  { urlName: 'abstract', names: { en: 'Abstract', es: 'Abstracto', ja: '抽象' } },
  { urlName: 'fantasy', names: { en: 'Fantasy', es: 'Fantasía', ja: 'ファンタジー' } },
  { urlName: 'retro', names: { en: 'Retro', es: 'Retro', ja: 'レトロ' } },
  { urlName: 'botanical', names: { en: 'Botanical', es: 'Botánica', ja: '植物' } },
];

/** 17 styles x 3 orientations x 2: every style in every orientation, twice. */
export const DEMO_OFFER_COUNT = STYLES.length * ORIENTATIONS.length * 2;

const SUBJECTS: Readonly<Record<string, readonly string[]>> = {
  animals: ['fox', 'owl', 'whale', 'heron', 'tiger', 'hare', 'wolf', 'koi'],
  landscapes: ['valley', 'fjord', 'dunes', 'glacier', 'meadow', 'canyon', 'coast'],
  cityscapes: ['skyline', 'avenue', 'harbour', 'rooftops', 'station', 'boulevard'],
  space: ['nebula', 'orbit', 'comet', 'moonrise', 'eclipse', 'star field'],
  abstract: ['rhythm', 'balance', 'tension', 'echo', 'harmony', 'fragments'],
  fantasy: ['castle', 'floating isle', 'gate', 'lantern', 'spirit', 'tower'],
  retro: ['diner', 'arcade', 'postcard', 'jukebox', 'cassette', 'road trip'],
  botanical: ['fern', 'orchid', 'lotus', 'ivy', 'wild rose', 'moss garden'],
};

const ADJECTIVES = [
  'Quiet',
  'Golden',
  'Midnight',
  'Electric',
  'Hidden',
  'Endless',
  'Silent',
  'Amber',
  'Crimson',
  'Velvet',
  'Distant',
  'Wandering',
  'Luminous',
  'Frozen',
  'Secret',
  'Morning',
  'Copper',
  'Paper',
];

/** Where each style's pictures go, in turn. */
const STYLE_CATEGORIES: Readonly<Record<Style, readonly string[]>> = {
  None: ['abstract', 'space'],
  Anime: ['fantasy', 'landscapes', 'animals'],
  Cyberpunk: ['cityscapes', 'space'],
  Dreamscape: ['fantasy', 'space'],
  Exclusive: ['abstract', 'retro'],
  Hyperrealism: ['abstract', 'space'],
  Vintage: ['retro', 'landscapes'],
  FlatDesign: ['landscapes', 'animals'],
  Futuristic: ['space', 'cityscapes'],
  HandDrawn: ['botanical', 'animals'],
  ModernGeometric: ['abstract', 'retro'],
  Nature: ['landscapes', 'botanical', 'animals'],
  PopArt: ['retro', 'animals'],
  PopCulture: ['retro', 'fantasy'],
  Typography: ['abstract', 'retro'],
  UrbanStreetArt: ['cityscapes', 'retro'],
  AbstractArt: ['abstract', 'fantasy'],
};

const STYLE_PHRASES: Readonly<Record<Style, string>> = {
  None: 'a soft colour study',
  Anime: 'a cel-shaded anime scene',
  Cyberpunk: 'a neon cyberpunk night',
  Dreamscape: 'a pastel dreamscape',
  Exclusive: 'a black and gold Art Deco edition',
  Hyperrealism: 'a hyperrealistic studio render',
  Vintage: 'a vintage sepia print',
  FlatDesign: 'a flat design illustration',
  Futuristic: 'a futuristic technical drawing',
  HandDrawn: 'a hand-drawn pencil sketch',
  ModernGeometric: 'a modern geometric composition',
  Nature: 'a nature landscape',
  PopArt: 'a pop art comic panel',
  PopCulture: 'a pop culture sticker collage',
  Typography: 'a typographic poster',
  UrbanStreetArt: 'an urban street art mural',
  AbstractArt: 'an abstract composition',
};

// Price steps in minor units, EUR and USD set separately (no conversion,
// docs/product/money.md#amounts-and-currencies).
const STANDARD_PRICES: readonly Record<Currency, number>[] = [
  { EUR: 499, USD: 549 },
  { EUR: 699, USD: 799 },
  { EUR: 900, USD: 990 },
  { EUR: 1200, USD: 1300 },
  { EUR: 1500, USD: 1650 },
  { EUR: 1900, USD: 2100 },
  { EUR: 2400, USD: 2600 },
];
const FULL_PRICE_FACTOR = 3;

export interface DemoOffer {
  title: string;
  /** Unique only after `uniqueUrlNames`; two titles may slug alike. */
  urlName: string;
  description: string;
  style: Style;
  orientation: Orientation;
  categoryUrlName: string;
  tags: string[];
  prompt: string;
  seed: number;
  prices: { standard: Record<Currency, number>; full: Record<Currency, number> };
}

const item = <T>(list: readonly T[], index: number): T => list[index % list.length] as T;

export const slug = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const capitalise = (text: string): string => text.replace(/\b\w/g, (c) => c.toUpperCase());

/** The demo offer at `index`: style and orientation cycle so every pair appears. */
export function demoOffer(index: number): DemoOffer {
  const style = item(STYLES, index);
  const orientation = item(ORIENTATIONS, index);
  const round = Math.floor(index / STYLES.length);
  const categoryUrlName = item(STYLE_CATEGORIES[style], round);
  const subject = item(SUBJECTS[categoryUrlName] ?? ['picture'], index * 7 + round);
  const adjective = item(ADJECTIVES, index * 5 + 3);
  const title = `${adjective} ${capitalise(subject)}`;
  const phrase = STYLE_PHRASES[style];
  const standard = item(STANDARD_PRICES, index * 3 + round);
  const styleTag =
    style === 'None'
      ? 'colour study'
      : slug(style.replace(/([a-z])([A-Z])/g, '$1 $2')).replace(/-/g, ' ');
  return {
    title,
    urlName: slug(title),
    description: `${capitalise(adjective.toLowerCase())} ${subject} as ${phrase}. A ${orientation.toLowerCase()} picture made by the Pictura generator, ready to download.`,
    style,
    orientation,
    categoryUrlName,
    tags: [
      ...new Set([...subject.split(' '), categoryUrlName, styleTag, orientation.toLowerCase()]),
    ],
    prompt: `${title}, ${phrase}`,
    seed: 1_000 + index,
    prices: {
      standard,
      full: { EUR: standard.EUR * FULL_PRICE_FACTOR, USD: standard.USD * FULL_PRICE_FACTOR },
    },
  };
}

/** Makes url names unique by numbering repeats: `quiet-fox`, `quiet-fox-2`, ... */
export function uniqueUrlNames<T extends { urlName: string }>(items: readonly T[]): T[] {
  const seen = new Map<string, number>();
  return items.map((entry) => {
    const count = (seen.get(entry.urlName) ?? 0) + 1;
    seen.set(entry.urlName, count);
    return count === 1 ? entry : { ...entry, urlName: `${entry.urlName}-${count}` };
  });
}
