import type { GenerationEvent, GenerationJob } from './generated-images.js';

/**
 * What the progress stream of a generation sends, derived from the job as it is now. The server
 * sends it; the web derives the same from a job it polled when the stream is not available, so both
 * sides must agree on it. Zod-free: the create page's progress code runs without loading zod.
 */
export function eventOfJob(job: GenerationJob): GenerationEvent {
  switch (job.status) {
    case 'queued':
      return { type: 'queued', id: job.id, position: job.queuePosition ?? 1 };
    case 'running':
      return { type: 'running', id: job.id, percent: job.progress };
    case 'succeeded':
      return { type: 'done', id: job.id, job };
    case 'failed':
    case 'cancelled':
      return { type: 'failed', id: job.id, status: job.status, message: job.error ?? '' };
  }
}

/** After `done` or `failed` nothing changes any more, and the stream ends. */
export const isFinalEvent = (event: GenerationEvent): boolean =>
  event.type === 'done' || event.type === 'failed';
