import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import {
  PREVIEW_FORMATS,
  PREVIEW_WIDTHS,
  apiPaths,
  standardDownloadSize,
  type OfferAttributeKind,
  type OfferImage,
} from '@pictura/contract';
import {
  describeImage,
  makePlaceholder,
  makePreview,
  makeSharePicture,
  makeScaledDownload,
  markOriginal,
  remarkJpeg,
  previewWidthsFor,
  type DerivedAction,
  type PictureMarks,
  type PreviewFormat,
  type PreviewWidth,
  type Provenance,
  type SignFile,
} from '../../infra/images/index.js';
import type { FileStorage } from '../../infra/storage/index.js';
import { createLimiter } from './limiter.js';
import type { PreviewMarks } from './picture-marks.js';

/** An original in file storage, as an offer records it. */
export interface StoredImage {
  /** 32 hex digits of the original's SHA-256: the same picture is stored once, under one name. */
  imageKey: string;
  width: number;
  height: number;
  placeholder: string;
}

const IMAGE_KEY_PATTERN = /^[0-9a-f]{32}$/;

/** Whether an offer's image key is one `storeOriginal` makes (the hash of the original). */
export const isImageKey = (imageKey: string): boolean => IMAGE_KEY_PATTERN.test(imageKey);

/** Where an original is kept. Originals are private: no public route serves these keys. */
export const originalStorageKey = (imageKey: string): string => `originals/${imageKey}`;

const previewFileKey = (imageKey: string, file: string) => `previews/${imageKey}/${file}`;

export const previewStorageKey = (imageKey: string, width: PreviewWidth, format: PreviewFormat) =>
  previewFileKey(imageKey, `${width}.${format}`);

/**
 * An original with the shop's signed C2PA manifest (`c2pa.created`), kept beside it: the parent
 * ingredient of every file derived from it, signed once rather than for each of them.
 */
const signedOriginalKey = (imageKey: string): string => `originals-signed/${imageKey}`;

/** What a public preview or link preview says was done to its original. */
export const PREVIEW_ACTIONS: DerivedAction[] = [
  { action: 'c2pa.resized' },
  { action: 'c2pa.edited', description: 'Visible shop watermark added' },
  { action: 'c2pa.transcoded' },
];

/**
 * The original signed (see `signedOriginalKey`), made on first need and kept. Two first needs at
 * once sign twice and either write wins: both are the same picture's valid manifest.
 */
export async function signedOriginal(
  storage: FileStorage,
  imageKey: string,
  original: Buffer,
  signFile: SignFile,
  provenance: Provenance,
): Promise<Buffer> {
  const key = signedOriginalKey(imageKey);
  const kept = await storage.get(key);
  if (kept) return kept;
  const signed = await signFile(original, provenance);
  await storage.put(key, signed);
  return signed;
}

/** A picture's link preview, next to its previews (`SHARE_PICTURE`: 1200x630 JPEG). */
export const SHARE_FILE = 'share.jpg';

type MakeFile = (original: Uint8Array, marks: PictureMarks) => Promise<Buffer>;

/**
 * Where a picture's standard download is kept: scaled once per picture, then each purchase gets a
 * copy with its own marks spliced in (no second encoding). Private, like the originals.
 */
export const standardFileKey = (imageKey: string): string => `variants/${imageKey}/standard.jpg`;

/**
 * One purchase's download as delivered, marked and signed: made once, on first need, then kept
 * and sent as stored. Private, like the originals.
 */
export const purchaseDownloadKey = (
  imageKey: string,
  kind: OfferAttributeKind,
  purchase: number,
): string => `downloads/${kind}/${imageKey}/${purchase}`;

/** One purchase's download: which purchase, what the file says about itself, who signs it. */
export interface VariantDownload {
  purchase: number;
  marks: PictureMarks;
  /** The picture's generator as its manifest names it, where known. */
  generator?: string;
  signFile: SignFile;
}

type ImageSize = { imageKey: string; width: number; height: number };

/**
 * Makes and keeps a picture's standard download (`standardDownloadSize`, JPEG) with `marks` in it.
 * Undefined when the original is missing.
 */
export async function makeStandardFile(
  storage: FileStorage,
  image: ImageSize,
  marks: PictureMarks,
  original?: Buffer,
): Promise<Buffer | undefined> {
  const source = original ?? (await storage.get(originalStorageKey(image.imageKey)));
  if (!source) return undefined;
  const bytes = await makeScaledDownload(
    source,
    standardDownloadSize(image.width, image.height),
    marks,
  );
  await storage.put(standardFileKey(image.imageKey), bytes);
  return bytes;
}

/**
 * The file a variant delivers, with the purchase's marks in it (title, licence, declared source,
 * order reference) and a signed C2PA manifest, made on first need and kept per purchase: for
 * `full` the original's pixels exactly (`markOriginal`), saying `c2pa.created`; for `standard`
 * the picture's standard download with the purchase's marks spliced in, saying `c2pa.resized`
 * with the signed original as its parent ingredient. Undefined when the original is missing.
 */
export async function variantFile(
  storage: FileStorage,
  image: ImageSize,
  kind: OfferAttributeKind,
  download: VariantDownload,
): Promise<Buffer | undefined> {
  if (!IMAGE_KEY_PATTERN.test(image.imageKey)) return undefined;
  const key = purchaseDownloadKey(image.imageKey, kind, download.purchase);
  const kept = await storage.get(key);
  if (kept) return kept;
  const original = await storage.get(originalStorageKey(image.imageKey));
  if (!original) return undefined;
  const provenance = {
    title: download.marks.title,
    digitalSourceType: download.marks.digitalSourceType,
    generator: download.generator,
  };
  let signed: Buffer;
  if (kind === 'standard') {
    // Two first downloads at once make the same bytes under the same key: either write may win.
    // The kept file names no order: each purchase gets its own reference spliced in.
    const standard =
      (await storage.get(standardFileKey(image.imageKey))) ??
      (await makeStandardFile(
        storage,
        image,
        { ...download.marks, orderReference: undefined },
        original,
      ));
    if (!standard) return undefined;
    const parent = await signedOriginal(
      storage,
      image.imageKey,
      original,
      download.signFile,
      provenance,
    );
    signed = await download.signFile(remarkJpeg(standard, download.marks), provenance, {
      actions: [{ action: 'c2pa.resized' }],
      original: parent,
      originalSigned: true,
    });
  } else {
    signed = await download.signFile(await markOriginal(original, download.marks), provenance);
  }
  await storage.put(key, signed);
  return signed;
}

/** Keeps an original (once per distinct picture) and makes its placeholder. */
export async function storeOriginal(storage: FileStorage, bytes: Buffer): Promise<StoredImage> {
  const { width, height } = await describeImage(bytes);
  const imageKey = createHash('sha256').update(bytes).digest('hex').slice(0, 32);
  const key = originalStorageKey(imageKey);
  if (!(await storage.has(key))) await storage.put(key, bytes);
  return { imageKey, width, height, placeholder: await makePlaceholder(bytes) };
}

/** The public picture of an offer for the API: size, placeholder and preview URLs. */
export function offerImage(image: StoredImage): OfferImage {
  return {
    width: image.width,
    height: image.height,
    placeholder: image.placeholder,
    previews: previewWidthsFor(image.width).flatMap((width) =>
      PREVIEW_FORMATS.map((format) => ({
        width,
        format,
        url: `${apiPaths.images}/${image.imageKey}/${width}.${format}`,
      })),
    ),
    share: `${apiPaths.images}/${image.imageKey}/${SHARE_FILE}`,
  };
}

/** A string as JSON writes it inside its quotes. */
const jsonInner = (text: string) => JSON.stringify(text).slice(1, -1);

/**
 * The text of an image's previews and share link around its key: `parts.join(key)` is
 * `"previews":[...],"share":"..."}`. Built from constants, once per number of preview widths: the
 * widths up to a picture's are always the smallest n of them, so n says which.
 */
const previewParts: string[][] = [];

function previewPartsFor(imageWidth: number): string[] {
  let count = 0;
  for (const width of PREVIEW_WIDTHS) if (width <= imageWidth) count += 1;
  const known = previewParts[count];
  if (known) return known;
  const base = `${jsonInner(apiPaths.images)}/`;
  const parts: string[] = [];
  let text = '"previews":[';
  for (const width of previewWidthsFor(imageWidth)) {
    for (const format of PREVIEW_FORMATS) {
      const comma = parts.length === 0 ? '' : ',';
      parts.push(`${text}${comma}{"width":${width},"format":"${format}","url":"${base}`);
      text = `/${width}.${format}"}`;
    }
  }
  parts.push(`${text}],"share":"${base}`, `/${SHARE_FILE}"}`);
  previewParts[count] = parts;
  return parts;
}

/**
 * `JSON.stringify(offerImage(image))`, written directly: a search sends 24 at once, and building the
 * objects only to stringify them cost a third more (summary-json.test.ts holds the two equal). The
 * key's escaping stands between ASCII characters, so it is the escaping of the whole URL.
 */
export function offerImageJson(image: StoredImage): string {
  const previews = previewPartsFor(image.width).join(jsonInner(image.imageKey));
  return `{"width":${image.width},"height":${image.height},"placeholder":${JSON.stringify(image.placeholder)},${previews}`;
}

export interface PreviewStore {
  /** The preview's bytes, made on first request and kept; undefined when there is no such original. */
  get(imageKey: string, width: PreviewWidth, format: PreviewFormat): Promise<Buffer | undefined>;
  /** The picture's link preview, made and kept the same way. */
  share(imageKey: string): Promise<Buffer | undefined>;
}

/**
 * How many bytes of recently served previews a process keeps in memory: about 500 previews of a
 * gallery's usual widths. A preview's key names its picture's content, so a kept one never goes stale.
 */
const PREVIEW_MEMORY_BYTES = 64 * 1024 * 1024;

/**
 * Previews are encoded on first request and kept in file storage, not when an offer is created:
 * eight encodings per picture (about 0.8 s of CPU) would add a minute to the demo seed that every
 * fresh data folder runs at start, and most of them may never be asked for. Requests for the
 * same preview share one encoding; at most `concurrency` run at once so that a cold gallery page
 * cannot starve the API. The most asked-for previews are also kept in memory: with the files in an
 * S3 bucket, each would otherwise cost a request to the bucket every time.
 */
export function createPreviewStore(
  storage: FileStorage,
  {
    concurrency,
    marksFor,
    signFile,
    memoryBytes = PREVIEW_MEMORY_BYTES,
  }: {
    concurrency: number;
    /** The marks of a picture's previews, and whether they are its offer's (to keep). */
    marksFor: (imageKey: string) => Promise<PreviewMarks>;
    /** Signs each preview's C2PA manifest as it is made. */
    signFile: SignFile;
    memoryBytes?: number;
  },
): PreviewStore {
  const limit = createLimiter(concurrency);
  const inFlight = new Map<string, Promise<Buffer | undefined>>();
  const recent = new LRUCache<string, Buffer>({
    maxSize: memoryBytes,
    sizeCalculation: (bytes) => Math.max(1, bytes.byteLength),
  });

  /** Made from the original by `make` on first request, then kept (see above). */
  const encode = async (imageKey: string, file: string, make: MakeFile) => {
    const original = await storage.get(originalStorageKey(imageKey));
    if (!original) return undefined;
    const { marks, keep, generator } = await marksFor(imageKey);
    const provenance = {
      title: marks.title,
      digitalSourceType: marks.digitalSourceType,
      generator,
    };
    // An upload no offer shows yet is signed in memory only, like its preview (see below).
    const parent = keep
      ? await signedOriginal(storage, imageKey, original, signFile, provenance)
      : await signFile(original, provenance);
    const bytes = await signFile(await make(original, marks), provenance, {
      actions: PREVIEW_ACTIONS,
      original: parent,
      originalSigned: true,
    });
    // An upload no offer shows yet (the editor's preview) is not kept: its offer's title comes later.
    if (keep) await storage.put(previewFileKey(imageKey, file), bytes);
    return { bytes, keep };
  };

  function fetchFile(imageKey: string, file: string, make: MakeFile) {
    if (!IMAGE_KEY_PATTERN.test(imageKey)) return Promise.resolve(undefined);
    const key = previewFileKey(imageKey, file);
    const kept = recent.get(key);
    if (kept) return Promise.resolve(kept);
    let pending = inFlight.get(key);
    if (!pending) {
      pending = (async () =>
        (await storage.get(key)) ?? limit(() => encode(imageKey, file, make)))()
        .then((made) => {
          if (made === undefined || Buffer.isBuffer(made)) {
            if (made) recent.set(key, made);
            return made;
          }
          if (made.keep) recent.set(key, made.bytes);
          return made.bytes;
        })
        .finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return pending;
  }

  return {
    get: (imageKey, width, format) =>
      fetchFile(imageKey, `${width}.${format}`, (original, marks) =>
        makePreview(original, width, format, marks),
      ),
    share: (imageKey) => fetchFile(imageKey, SHARE_FILE, makeSharePicture),
  };
}
