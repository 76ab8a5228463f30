import { DETAIL_PREVIEW_SIZES, type OfferImage } from '@pictura/contract';
import { absoluteUrl } from '../../lib/head';

/** The formats offered as `<source>`s, best first; the browser takes the first it understands. */
export const PREVIEW_FORMATS = ['avif', 'webp'] as const;
export type PreviewFormat = (typeof PREVIEW_FORMATS)[number];

/** Every preview of one format, narrowest first, as a `srcset`. */
export function srcSetOf(image: OfferImage, format: PreviewFormat): string {
  return image.previews
    .filter((preview) => preview.format === format)
    .sort((a, b) => a.width - b.width)
    .map((preview) => `${preview.url} ${preview.width}w`)
    .join(', ');
}

/**
 * Asks for the picture page's preview as soon as the offer's answer is in, before the page's code
 * has rendered it: a `<link rel=preload>` with the same srcset, sizes and type as the first
 * `<source>` the browser will pick, so the `<img>` then reuses that response. A link element, not
 * inline markup, so the CSP allows it.
 */
export function preloadDetailPreview(image: OfferImage): void {
  if (typeof document === 'undefined') return;
  const format = PREVIEW_FORMATS.find((candidate) => srcSetOf(image, candidate) !== '');
  if (!format) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.setAttribute('as', 'image');
  link.type = `image/${format}`;
  link.setAttribute('imagesrcset', srcSetOf(image, format));
  link.setAttribute('imagesizes', DETAIL_PREVIEW_SIZES);
  link.setAttribute('fetchpriority', 'high');
  document.head.append(link);
}

/** The picture for link previews (og:image), as an absolute address: 1200x630, watermarked. */
export function shareImageOf(image: OfferImage): string {
  return absoluteUrl(image.share);
}
