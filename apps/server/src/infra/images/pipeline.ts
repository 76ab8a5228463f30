import { PREVIEW_WIDTHS, type PREVIEW_FORMATS } from '@pictura/contract';
import sharp from './sharp.js';
import { imageFileType } from './file-type.js';
import { watermarkSvg } from './watermark.js';
import { embedXmpInJpeg, embedXmpInPng } from './xmp-embed.js';
import { xmpPacket, type PictureMarks } from './xmp.js';

export type PreviewWidth = (typeof PREVIEW_WIDTHS)[number];
export type PreviewFormat = (typeof PREVIEW_FORMATS)[number];

export const PREVIEW_CONTENT_TYPES: Readonly<Record<PreviewFormat, string>> = {
  webp: 'image/webp',
  avif: 'image/avif',
};

/** Pictures from our generator and from users' uploads stay within this (and decoding with it). */
const MAX_INPUT_PIXELS = 50_000_000;

// Encoder settings chosen for speed on two cores: AVIF's effort 0 costs about what WebP costs,
// while the default effort takes tens of times longer for a few per cent smaller files.
const WEBP_OPTIONS = { quality: 76, effort: 2 } as const;
const AVIF_OPTIONS = { quality: 52, effort: 0 } as const;
const PLACEHOLDER_WIDTH = 16;

export interface ImageInfo {
  width: number;
  height: number;
  /** sharp's name of the encoding: jpeg, png, webp, avif (heif), ... */
  format: string;
}

export class UnsupportedImageError extends Error {
  constructor(options?: ErrorOptions) {
    super('The file is not a picture this shop can read.', options);
    this.name = 'UnsupportedImageError';
  }
}

/** Size and format of an encoded picture; throws UnsupportedImageError for anything else. */
export async function describeImage(bytes: Uint8Array): Promise<ImageInfo> {
  try {
    const { width, height, format, orientation } = await sharp(bytes, {
      limitInputPixels: MAX_INPUT_PIXELS,
    }).metadata();
    if (!width || !height || !format) throw new UnsupportedImageError();
    // EXIF orientations 5 to 8 turn the picture a quarter: what people see is the other way round.
    const turned = (orientation ?? 1) >= 5;
    return { width: turned ? height : width, height: turned ? width : height, format };
  } catch (err) {
    if (err instanceof UnsupportedImageError) throw err;
    throw new UnsupportedImageError({ cause: err });
  }
}

/** The preview widths a picture this wide gets (never enlarged). */
export function previewWidthsFor(originalWidth: number): PreviewWidth[] {
  return PREVIEW_WIDTHS.filter((width) => width <= originalWidth);
}

/**
 * A smaller download of an original: scaled to exactly `size` (its aspect ratio, rounded), as a
 * high-quality JPEG without chroma subsampling and without a watermark, saying what it is in XMP.
 */
export async function makeScaledDownload(
  original: Uint8Array,
  size: { width: number; height: number },
  marks: PictureMarks,
): Promise<Buffer> {
  return sharp(original, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize({ width: size.width, height: size.height, fit: 'fill' })
    .jpeg({ quality: 90, chromaSubsampling: '4:4:4' })
    .withXmp(xmpPacket(marks))
    .toBuffer();
}

/**
 * The full-resolution file with `marks` in it, its pixels exactly the original's: a JPEG or PNG
 * keeps its bytes and gets the XMP packet spliced in (re-encoding a JPEG would lose quality); a
 * WebP, whose container sharp cannot add XMP to without encoding, is encoded again losslessly (the
 * decoded pixels, not the file, are what stays exact) with its colour profile kept.
 */
export async function markOriginal(original: Buffer, marks: PictureMarks): Promise<Buffer> {
  const packet = xmpPacket(marks);
  const type = imageFileType(original);
  if (type?.extension === 'jpg') return embedXmpInJpeg(original, packet);
  if (type?.extension === 'png') return embedXmpInPng(original, packet);
  return sharp(original, { limitInputPixels: MAX_INPUT_PIXELS })
    .keepIccProfile()
    .webp({ lossless: true, effort: 2 })
    .withXmp(packet)
    .toBuffer();
}

/**
 * A JPEG made by the shop (a standard download) with other marks: the XMP packet is replaced, the
 * picture data kept, so a purchase's order reference costs no encoding.
 */
export function remarkJpeg(jpeg: Buffer, marks: PictureMarks): Buffer {
  return embedXmpInJpeg(jpeg, xmpPacket(marks));
}

/**
 * A public preview: scaled to `width`, watermarked, encoded as `format`, with `marks` (no order
 * reference: a preview is nobody's purchase) in its XMP.
 */
export async function makePreview(
  original: Uint8Array,
  width: PreviewWidth,
  format: PreviewFormat,
  marks: PictureMarks,
): Promise<Buffer> {
  const resized = await sharp(original, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize({ width, withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width: w, height: h } = resized.info;
  const marked = sharp(resized.data, { raw: resized.info }).composite([
    { input: watermarkSvg(w, h) },
  ]);
  const packet = xmpPacket({ ...marks, orderReference: undefined });
  return format === 'webp'
    ? marked.webp(WEBP_OPTIONS).withXmp(packet).toBuffer()
    : marked.avif(AVIF_OPTIONS).withXmp(packet).toBuffer();
}

/** The size link previews (Open Graph, X) show best: 1.91 to 1, at least 1,200 pixels wide. */
export const SHARE_PICTURE = { width: 1200, height: 630 } as const;

/**
 * A picture's link preview (a page's `og:image`): the whole picture, enlarged if need be, centred on
 * a blurred and darkened fill of itself, watermarked like every preview. JPEG, which every link
 * unfurler reads.
 */
export async function makeSharePicture(original: Uint8Array, marks: PictureMarks): Promise<Buffer> {
  const { width, height } = SHARE_PICTURE;
  const source = () => sharp(original, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
  const [fill, picture] = await Promise.all([
    source()
      .resize({ width, height, fit: 'cover' })
      .blur(24)
      .modulate({ brightness: 0.6 })
      .toBuffer(),
    source().resize({ width, height, fit: 'inside' }).toBuffer(),
  ]);
  return sharp(fill)
    .composite([{ input: picture, gravity: 'centre' }, { input: watermarkSvg(width, height) }])
    .jpeg({ quality: 80, mozjpeg: true })
    .withXmp(xmpPacket({ ...marks, orderReference: undefined }))
    .toBuffer();
}

/**
 * A tiny blurred stand-in shown while the preview loads: a few hundred bytes as a data: URI, which
 * the page scales up (CSP allows `img-src data:`).
 */
export async function makePlaceholder(original: Uint8Array): Promise<string> {
  const bytes = await sharp(original, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize({ width: PLACEHOLDER_WIDTH })
    .blur(0.6)
    .webp({ quality: 40 })
    .toBuffer();
  return `data:image/webp;base64,${bytes.toString('base64')}`;
}
