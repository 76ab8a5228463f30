import {
  FINISHED_GENERATION_STATUSES,
  type GenerationEvent,
  type GenerationJob,
} from '@pictura/contract';

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
