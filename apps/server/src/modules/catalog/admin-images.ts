import type { Metadata } from 'sharp';
import { checkDecodes, sharp } from '../../infra/images/index.js';
import { ADMIN_UPLOAD_LIMITS, type OfferImageSource, type UploadedImage } from '@pictura/contract';
import { AppError } from '../../lib/index.js';
import type { Db } from '../../infra/db/index.js';
import type { FileStorage } from '../../infra/storage/index.js';
import { readGeneratedPicture } from '../generation/index.js';
import { offerImage, originalStorageKey, storeOriginal, type StoredImage } from './images.js';

const READABLE_FORMATS = new Set(['jpeg', 'png', 'webp']);
const NOT_A_PICTURE = 'The file is not a JPEG, PNG or WebP picture.';
const TOO_MANY_PIXELS = `The picture has more than ${ADMIN_UPLOAD_LIMITS.maxPixels / 1_000_000} megapixels.`;

/**
 * The type is read from the bytes (sharp reads only the header here, no pixels are decoded), never
 * from the Content-Type or a file name; the pixel limit is checked before anything decodes them.
 */
async function checkPicture(bytes: Buffer): Promise<void> {
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError('VALIDATION', { file: NOT_A_PICTURE });
  }
  const { format, width, height, pages } = metadata;
  // An animated WebP would sell one frame of many; refused like any other unreadable file.
  if (!READABLE_FORMATS.has(format) || !width || !height || (pages ?? 1) > 1) {
    throw new AppError('VALIDATION', { file: NOT_A_PICTURE });
  }
  if (width * height > ADMIN_UPLOAD_LIMITS.maxPixels) {
    throw new AppError('VALIDATION', { file: TOO_MANY_PIXELS });
  }
  try {
    // A truncated or corrupt file is refused now, not at its first preview.
    await checkDecodes(bytes, { failOn: 'error' });
  } catch {
    throw new AppError('VALIDATION', { file: NOT_A_PICTURE });
  }
}

/** POST /api/admin/catalog/images: keeps an uploaded original through the image pipeline. */
export async function acceptUpload(storage: FileStorage, bytes: Buffer): Promise<UploadedImage> {
  await checkPicture(bytes);
  const stored = await storeOriginal(storage, bytes);
  return describeStored(stored);
}

export const describeStored = (stored: StoredImage): UploadedImage => ({
  imageKey: stored.imageKey,
  width: stored.width,
  height: stored.height,
  orientation:
    stored.width > stored.height
      ? 'Horizontal'
      : stored.width < stored.height
        ? 'Vertical'
        : 'Square',
  image: offerImage(stored),
});

/** A new offer's picture and provenance, from an earlier upload or the admin's own generated picture. */
export interface SourcedImage {
  image: StoredImage;
  prompt: string;
  seed: number;
  /** The generator that painted it; undefined for an upload (unknown). */
  generator?: string;
}

export async function imageFromSource(
  db: Db,
  storage: FileStorage,
  adminId: string,
  source: OfferImageSource,
): Promise<SourcedImage> {
  if (source.type === 'upload') {
    const bytes = await storage.get(originalStorageKey(source.imageKey));
    if (!bytes)
      throw new AppError('VALIDATION', { 'source.imageKey': 'Upload the picture again.' });
    // Same bytes, same key: this only re-reads the size and the placeholder.
    return { image: await storeOriginal(storage, bytes), prompt: '', seed: 0 };
  }
  const picture = await readGeneratedPicture(db, storage, { userId: adminId, ...source });
  if (!picture) {
    throw new AppError('VALIDATION', { source: 'Pick one of your own generated pictures.' });
  }
  await checkPicture(picture.bytes);
  return {
    image: await storeOriginal(storage, picture.bytes),
    prompt: picture.prompt,
    seed: picture.seed,
    generator: picture.generator ?? undefined,
  };
}
