import {
  eventOfJob,
  GENERATION_COUNT_MAX,
  type GenerationAccepted,
  type GenerationEvent,
  type GenerationJob,
  type GenerationJobList,
  type GenerationPriceList,
} from '@pictura/contract';
import { AppError } from '../../lib/index.js';
import type { Db } from '../../infra/db/index.js';
import {
  c2paSigner,
  canSignC2pa,
  generatorAgent,
  hasC2pa,
  signC2pa,
} from '../../infra/images/index.js';
import type { FileStorage } from '../../infra/storage/index.js';
import { createModerator, DEFAULT_MODERATION_BLOCKLIST } from './moderation.js';
import { downloadName } from './pictures.js';
import { priceList } from './prices.js';
import { findJob, findPicture, jobIdFrom, listJobs } from './reads.js';
import type { GenerationConfig, GenerationRuntime } from './runtime.js';
import { createSubmissions } from './submit.js';
import { countryOfVatNumber } from './vat.js';

export interface GenerationDeps {
  readonly db: Db;
  readonly storage: FileStorage;
  readonly config: GenerationConfig;
  /** The queue the jobs go to and this process's news of them. */
  readonly runtime: Pick<GenerationRuntime, 'queue' | 'events' | 'attempts'>;
}

/** A job's progress as a stream sends it: its state now, and how to read it again. */
export interface JobProgress {
  readonly jobId: string;
  readonly first: GenerationEvent;
  /** The job's event now; undefined once it is gone. */
  readonly read: () => Promise<GenerationEvent | undefined>;
}

export interface PictureFile {
  readonly bytes: Buffer;
  readonly contentType: string;
  /** What a download is saved under. */
  readonly fileName: string;
}

/** A job id from the path, or a 404: malformed ids are unknown ids. */
const jobIdOf = (text: string): string => {
  const id = jobIdFrom(text);
  if (!id) throw new AppError('NOT_FOUND');
  return id;
};

const pictureNumberOf = (text: string): number => {
  const n = /^[1-9]$/.test(text) ? Number(text) : 0;
  if (n < 1 || n > GENERATION_COUNT_MAX) throw new AppError('NOT_FOUND');
  return n;
};

/**
 * Paid generation as its owner sees it: prices, submitting and cancelling jobs, reading them and
 * their pictures. Every job and picture is looked up with the user's id: another user's job is
 * not found, exactly like one that does not exist.
 */
export function createGenerationService({ db, storage, config, runtime }: GenerationDeps) {
  const submissions = createSubmissions({
    db,
    queue: runtime.queue,
    events: runtime.events,
    moderator: createModerator(
      config.generation.moderationBlocklist ?? DEFAULT_MODERATION_BLOCKLIST,
    ),
    attempts: runtime.attempts,
    shopCountry: countryOfVatNumber(config.shop.vatNumber),
  });

  return {
    /** The price list, with the configured provider so the page can tell the offline demo. */
    prices(): GenerationPriceList {
      return { prices: priceList(), generator: config.imageGeneration.provider };
    },

    submit: submissions.submit,

    /** How a submission answered, for a retry of it that finds its job already made. */
    async accepted(userId: string, jobId: string): Promise<GenerationAccepted> {
      const job = await findJob(db, userId, jobId);
      return { id: jobId, status: job?.status ?? 'queued' };
    },

    listJobs(userId: string, before?: string): Promise<GenerationJobList> {
      return listJobs(db, userId, before?.toLowerCase());
    },

    async job(userId: string, jobIdText: string): Promise<GenerationJob> {
      const job = await findJob(db, userId, jobIdOf(jobIdText));
      if (!job) throw new AppError('NOT_FOUND');
      return job;
    },

    async cancel(userId: string, jobIdText: string): Promise<GenerationJob> {
      const job = await submissions.cancel(userId, jobIdOf(jobIdText));
      if (!job) throw new AppError('NOT_FOUND');
      return job;
    },

    async progress(userId: string, jobIdText: string): Promise<JobProgress> {
      const jobId = jobIdOf(jobIdText);
      const read = async () => {
        const job = await findJob(db, userId, jobId);
        return job && eventOfJob(job);
      };
      const first = await read();
      if (!first) throw new AppError('NOT_FOUND');
      return { jobId, first, read };
    },

    /** A delivered picture as made, or its WebP preview. */
    async picture(
      userId: string,
      jobIdText: string,
      nText: string,
      { download }: { download: boolean },
    ): Promise<PictureFile> {
      const jobId = jobIdOf(jobIdText);
      const n = pictureNumberOf(nText);
      const picture = await findPicture(db, userId, jobId, n);
      const stored =
        picture && (await storage.get(download ? picture.storageKey : picture.previewKey));
      if (!picture || !stored) throw new AppError('NOT_FOUND');
      // Both were signed when made; a picture kept before that is signed as it is sent.
      const bytes =
        hasC2pa(stored) || !canSignC2pa(stored)
          ? stored
          : await signC2pa(stored, await c2paSigner(config), {
              title: `Pictura generation ${jobId}`,
              digitalSourceType: 'trainedAlgorithmicMedia',
              generator: generatorAgent(config, picture.generator),
            });
      return {
        bytes,
        contentType: download ? picture.contentType : 'image/webp',
        fileName: downloadName(jobId, n, picture.contentType),
      };
    },
  };
}

export type GenerationService = ReturnType<typeof createGenerationService>;
