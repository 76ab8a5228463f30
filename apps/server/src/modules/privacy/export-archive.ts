import { strToU8, zipSync, type Zippable } from 'fflate';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../infra/db/index.js';
import { imageFileType } from '../../infra/images/index.js';
import type { FileStorage } from '../../infra/storage/index.js';
import { readGeneratedPicture } from '../generation/index.js';
import { downloadArtwork } from '../orders/index.js';
import { readExportSections, type Subject } from './export-sections.js';

export interface ArchiveDeps {
  readonly db: Db;
  readonly storage: FileStorage;
  readonly config: Pick<
    AppConfig,
    'publicUrl' | 'publicUrlSet' | 'port' | 'shop' | 'dataDir' | 'c2pa' | 'imageGeneration'
  >;
  readonly log: FastifyBaseLogger;
}

/** The name of the JSON document inside the ZIP. */
export const EXPORT_DATA_FILE = 'pictura-data.json';

/**
 * What the export says about consent. Agreeing to the privacy policy is required to sign up, so an
 * account proves it; the cookie choice is kept only in the browser that made it.
 */
const CONSENTS = {
  privacyPolicy:
    'Agreed when the account was created (sign-up is not possible without it); the shop keeps no separate record beyond the account itself and its creation time.',
  cookies:
    "Your cookie and browser-storage choices are kept only in your own browser (local storage key 'cookie-consent'). The shop's server never receives or stores them, so they are not in this file.",
};

interface PictureRef {
  job_id: string;
  n: number;
}

interface ArtworkRef {
  id: number;
}

const isPictureRef = (value: unknown): value is PictureRef =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Partial<PictureRef>).job_id === 'string' &&
  typeof (value as Partial<PictureRef>).n === 'number';

const isArtworkRef = (value: unknown): value is ArtworkRef =>
  typeof value === 'object' && value !== null && typeof (value as ArtworkRef).id === 'number';

/**
 * The whole export in one ZIP: a JSON document of every record (export-sections.ts) and the
 * pictures the user generated and bought. Pictures are stored as they are (already compressed).
 * `onProgress` hears 0 to 99; the caller reports 100 once the file is stored.
 */
export async function buildExportArchive(
  deps: ArchiveDeps,
  subject: Subject,
  onProgress: (percent: number) => Promise<void>,
): Promise<Uint8Array> {
  // The records are a fifth of the work, the pictures the rest.
  const records = await readExportSections(deps.db, subject, (done, total) =>
    onProgress(Math.floor((done / total) * 20)),
  );
  const generated = (records.generatedPictures ?? []).filter(isPictureRef);
  const purchased = (records.purchasedArtworks ?? []).filter(isArtworkRef);
  const files: Zippable = {};
  const pictureFiles: string[] = [];
  const total = generated.length + purchased.length;
  let done = 0;
  const step = async () => {
    done += 1;
    await onProgress(20 + Math.floor((done / total) * 79));
  };

  for (const { job_id: jobId, n } of generated) {
    const picture = await readGeneratedPicture(deps.db, deps.storage, {
      userId: subject.userId,
      jobId,
      n,
    });
    if (picture) {
      const extension = imageFileType(picture.bytes)?.extension ?? 'bin';
      const name = `pictures/generated/${jobId}-${n}.${extension}`;
      files[name] = [picture.bytes, { level: 0 }];
      pictureFiles.push(name);
    }
    await step();
  }
  for (const { id } of purchased) {
    try {
      const download = await downloadArtwork(deps, subject.userId, id);
      const name = `pictures/purchased/${id}-${download.fileName}`;
      files[name] = [Buffer.concat(await download.file.stream().toArray()), { level: 0 }];
      pictureFiles.push(name);
    } catch (err) {
      // An offer withdrawn from the catalog has no file left; the record still says it was bought.
      deps.log.warn({ err, artworkId: id }, 'a purchased picture could not be added to an export');
    }
    await step();
  }

  const document = {
    exportedAt: new Date().toISOString(),
    about:
      'Everything Pictura holds about your account. Each section lists records as stored; amounts are in minor units (cents). Password and code hashes are left out.',
    consents: CONSENTS,
    records,
    pictureFiles,
  };
  files[EXPORT_DATA_FILE] = strToU8(JSON.stringify(document, null, 2));
  return zipSync(files);
}
