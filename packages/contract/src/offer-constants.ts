// Catalog constants without zod, for the web's first views; the offer schemas are in offers.ts.

export const OFFERS_PAGE_SIZE_MAX = 60;
export const OFFERS_PAGE_SIZE_DEFAULT = 24;
/** How many offers GET /api/offers/latest answers with, newest first. */
export const LATEST_OFFERS_LIMIT = 12;

/** Widths (px) and formats of an offer's public, watermarked previews; none is wider than the original. */
export const PREVIEW_WIDTHS = [320, 640, 960, 1280] as const;
export const PREVIEW_FORMATS = ['webp', 'avif'] as const;

/**
 * How wide the picture page draws its preview (`<img sizes>`): about half of the page on wide
 * screens; on phones the full width less the page's side padding (2 × 1.25rem), said as 8 px less
 * (3rem). Chrome takes the smallest width that covers the drawn width times the screen's density:
 * on a 412-px phone of density 1.75 that was 651 px, just past the 640 preview, so it fetched the
 * 960 one (about 42 kB instead of 24 kB, the page's largest paint waiting for it). Drawn 2 % larger
 * than its pixels, the preview looks the same. The server's page answer preloads the preview with
 * the same value, so the browser picks the same file both times.
 */
export const DETAIL_PREVIEW_SIZES = '(min-width: 64rem) 36rem, calc(100vw - 3rem)';

/**
 * The purchasable variants of an offer: `standard` is a download for personal use, `full` the
 * full-resolution download with a commercial licence. An OfferAttribute's `kind` is one of these.
 */
export const OFFER_ATTRIBUTE_KINDS = ['standard', 'full'] as const;
export type OfferAttributeKind = (typeof OFFER_ATTRIBUTE_KINDS)[number];

/**
 * What an offer's picture is, as its owner declares it and every file of it says (IPTC digital
 * source type): made by a trained model, or a composite of such a picture with other material
 * (an edited upload).
 */
export const DIGITAL_SOURCE_TYPES = [
  'trainedAlgorithmicMedia',
  'compositeWithTrainedAlgorithmicMedia',
] as const;
export type DigitalSourceType = (typeof DIGITAL_SOURCE_TYPES)[number];

/** The standard download's long side is never more than this many pixels. */
export const STANDARD_DOWNLOAD_MAX_LONG_SIDE = 2_048;

/**
 * The pixel size of an offer's standard download: the original scaled to half its long side, and
 * to at most `STANDARD_DOWNLOAD_MAX_LONG_SIDE`, so that it is always less than the full-resolution
 * file it costs less than. The full-resolution download is the original itself.
 */
export function standardDownloadSize(
  width: number,
  height: number,
): { width: number; height: number } {
  const longSide = Math.max(width, height);
  const target = Math.min(STANDARD_DOWNLOAD_MAX_LONG_SIDE, Math.ceil(longSide / 2));
  const scale = target / longSide;
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}
