import { GENERATION_STANDARD_MAX_SIDE, type GenerationQuality } from '@pictura/contract';
import type { GeneratedImage } from '../../infra/image-generation/index.js';
import { makePlaceholder, sharp, xmpPacket, type PictureMarks } from '../../infra/images/index.js';

/**
 * Where a picture and its preview are kept: never public, served to the owner only. Under the
 * attempt that made them, so a retried job's attempts never write or remove each other's files.
 * (Pictures delivered before attempts had keys of their own keep `generated/<jobId>/<n>`: the row
 * holds the key, so they still download.)
 */
export const pictureKey = (jobId: string, attempt: number, n: number): string =>
  `generated/${jobId}/${attempt}/${n}`;
export const previewKey = (jobId: string, attempt: number, n: number): string =>
  `generated/${jobId}/${attempt}/${n}-preview.webp`;

export const PREVIEW_WIDTH = 640;
const PREVIEW_WEBP = { quality: 76, effort: 2 } as const;
const STANDARD_JPEG_QUALITY = 90;

/**
 * `standard` pictures are delivered at most GENERATION_STANDARD_MAX_SIDE pixels on their long side
 * (whatever the provider made); `high` ones as made.
 */
export async function fitToQuality(
  image: GeneratedImage,
  quality: GenerationQuality,
): Promise<GeneratedImage> {
  const longSide = Math.max(image.width, image.height);
  if (quality === 'high' || longSide <= GENERATION_STANDARD_MAX_SIDE) return image;
  const { data, info } = await sharp(image.bytes)
    .resize({
      width: GENERATION_STANDARD_MAX_SIDE,
      height: GENERATION_STANDARD_MAX_SIDE,
      fit: 'inside',
    })
    .jpeg({ quality: STANDARD_JPEG_QUALITY })
    .toBuffer({ resolveWithObject: true });
  return { bytes: data, contentType: 'image/jpeg', width: info.width, height: info.height };
}

/**
 * The owner's preview: scaled to PREVIEW_WIDTH, WebP, without the watermark the public catalog
 * previews carry (the pictures are the owner's, paid for), with the picture's marks, and a
 * placeholder shown while it loads.
 */
export async function makeOwnerPreview(
  bytes: Buffer,
  marks: PictureMarks,
): Promise<{ preview: Buffer; placeholder: string }> {
  const preview = await sharp(bytes)
    .resize({ width: PREVIEW_WIDTH, withoutEnlargement: true })
    .webp(PREVIEW_WEBP)
    .withXmp(xmpPacket(marks))
    .toBuffer();
  return { preview, placeholder: await makePlaceholder(bytes) };
}

const EXTENSIONS: Readonly<Record<GeneratedImage['contentType'], string>> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/** The file name a download is saved under. */
export function downloadName(jobId: string, n: number, contentType: string): string {
  const extension = EXTENSIONS[contentType as GeneratedImage['contentType']] ?? 'bin';
  return `pictura-${jobId.slice(0, 8)}-${n}.${extension}`;
}
