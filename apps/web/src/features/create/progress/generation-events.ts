import {
  FINISHED_GENERATION_STATUSES,
  type GenerationEvent,
  type GenerationJob,
} from '@pictura/contract';

/** The event that describes a job as it is now: what the stream would send for it. */
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

export const isFinishedJob = (job: GenerationJob): boolean =>
  FINISHED_GENERATION_STATUSES.includes(job.status);

/** The job as the final event leaves it (a failed event carries the status and the reason only). */
export function jobAfter(job: GenerationJob, event: GenerationEvent): GenerationJob {
  if (event.type === 'done') return event.job;
  if (event.type === 'failed') {
    return { ...job, status: event.status, error: event.message, queuePosition: null };
  }
  return job;
}
