import type { CSSProperties } from 'react';
import type { OfferImage } from '@pictura/contract';
import { PREVIEW_FORMATS, srcSetOf } from '../preview-sources';
import styles from './offer-picture.module.css';

interface OfferPictureProps {
  image: OfferImage;
  alt: string;
  /** The `sizes` attribute: how wide the picture is drawn at each viewport width. */
  sizes: string;
  /**
   * When the picture loads. `largest`: it is the page's largest paint (the picture page's preview),
   * fetched at once and ahead of anything but the page's styles. `first-view`: above the fold but
   * not the largest paint (a gallery's first row, whose largest paint on a phone is its intro
   * text), fetched at once without going ahead of the styles the first paint waits for. `lazy`
   * (the default): as the user scrolls near.
   */
  loading?: 'largest' | 'first-view' | 'lazy';
  /** `contain` shows the whole picture in a fixed frame; `natural` keeps the picture's own shape. */
  fit: 'contain' | 'natural';
  className?: string;
}

// Chrome raises pictures it finds in the viewport to high priority unless told otherwise: a
// gallery's first row would then compete with the stylesheets its first paint waits for.
const FETCH_PRIORITY = { largest: 'high', 'first-view': 'low', lazy: 'auto' } as const;

/** The Element Timing name of the pictures a page loads at once. */
const FIRST_VIEW_TIMING = 'first-view';

/** The middle-sized WebP (or any preview) for browsers that ignore `<source>`. */
function fallbackOf(image: OfferImage): string | undefined {
  const webp = image.previews
    .filter((preview) => preview.format === 'webp')
    .sort((a, b) => a.width - b.width);
  const list = webp.length > 0 ? webp : image.previews;
  return list[Math.floor((list.length - 1) / 2)]?.url;
}

/**
 * The placeholder behind the picture; a natural frame also gets the picture's shape, and its pixel
 * size as custom properties so a page can cap the height without distorting it.
 */
function frameStyle(image: OfferImage, fit: OfferPictureProps['fit']): CSSProperties {
  const style: Record<string, string> = { backgroundImage: `url("${image.placeholder}")` };
  if (fit === 'natural') {
    style.aspectRatio = `${image.width} / ${image.height}`;
    style['--picture-width'] = String(image.width);
    style['--picture-height'] = String(image.height);
  }
  return style;
}

/**
 * A watermarked preview as `<picture>`: AVIF first, then WebP, each in several widths for the
 * browser to choose from. Width and height are given, so the space is reserved before the image
 * arrives (no layout shift), and the tiny blurred placeholder fills it meanwhile. React sets the
 * background through the CSSOM, which the `style-src 'self'` policy allows.
 */
export function OfferPicture({
  image,
  alt,
  sizes,
  loading = 'lazy',
  fit,
  className,
}: OfferPictureProps) {
  return (
    <div
      className={`${styles.frame} ${fit === 'contain' ? styles.contain : styles.natural} ${className ?? ''}`}
      style={frameStyle(image, fit)}
    >
      <picture>
        {PREVIEW_FORMATS.map((format) => {
          const srcSet = srcSetOf(image, format);
          return srcSet ? (
            <source key={format} type={`image/${format}`} srcSet={srcSet} sizes={sizes} />
          ) : null;
        })}
        <img
          className={styles.image}
          src={fallbackOf(image)}
          alt={alt}
          width={image.width}
          height={image.height}
          loading={loading === 'lazy' ? 'lazy' : 'eager'}
          decoding="async"
          fetchPriority={FETCH_PRIORITY[loading]}
          // The app's entry (src/boot.ts) waits until the browser reports these drawn.
          {...(loading === 'lazy' ? {} : { elementtiming: FIRST_VIEW_TIMING })}
        />
      </picture>
    </div>
  );
}
