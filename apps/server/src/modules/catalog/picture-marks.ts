import { asc, eq } from 'drizzle-orm';
import { paths } from '@pictura/contract';
import type { PictureMarks } from '../../infra/images/index.js';
import type { Db } from '../../infra/db/index.js';
import { SHOP_NAME } from '../../lib/index.js';
import { offers, type OfferRow } from './schema.js';

/** What a public preview names as its licence: none is given with it; the terms say what is. */
export const PREVIEW_LICENCE_NAME = `Preview only: no licence is granted; see the ${SHOP_NAME} terms`;

type MarkedOffer = Pick<OfferRow, 'title' | 'createdAt' | 'digitalSourceType'>;

/**
 * The marks of an offer's public preview (and of the derived files kept before a purchase names
 * its order): the offer's title, the shop as creator and licensor, the declared source, and the
 * terms as the licence, since looking at a preview grants no use. Never an order reference.
 */
export function previewMarks(offer: MarkedOffer, publicUrl: string): PictureMarks {
  return {
    title: offer.title,
    creator: SHOP_NAME,
    copyright: `© ${offer.createdAt.getUTCFullYear()} ${SHOP_NAME}`,
    digitalSourceType: offer.digitalSourceType,
    licenceName: PREVIEW_LICENCE_NAME,
    licenceUrl: `${publicUrl}${paths.termsAndConditions}`,
  };
}

/** A preview's marks; `keep` is false while no offer shows the picture (a fresh upload). */
export interface PreviewMarks {
  marks: PictureMarks;
  keep: boolean;
  /** The software agent its C2PA manifest names (`generatorAgent`), where known. */
  generator?: string;
}

/**
 * The preview marks of a stored picture. Previews are kept per picture, not per offer: the same
 * picture sold in two offers (the benchmark seed shares them) carries its first offer's title.
 */
export async function previewMarksOf(
  db: Db,
  imageKey: string,
  publicUrl: string,
  agentOf: (generator: string | null) => string | undefined,
): Promise<PreviewMarks> {
  const [offer] = await db
    .select({
      title: offers.title,
      createdAt: offers.createdAt,
      digitalSourceType: offers.digitalSourceType,
      generator: offers.generator,
    })
    .from(offers)
    .where(eq(offers.imageKey, imageKey))
    .orderBy(asc(offers.id))
    .limit(1);
  if (offer) {
    return {
      marks: previewMarks(offer, publicUrl),
      keep: true,
      generator: agentOf(offer.generator),
    };
  }
  const untitled = {
    title: 'Untitled',
    createdAt: new Date(),
    digitalSourceType: 'trainedAlgorithmicMedia',
  } as const;
  return { marks: previewMarks(untitled, publicUrl), keep: false };
}
