import type { JobQueue } from '../../infra/queue/index.js';

/** The queue of generation jobs, and where a job goes after its last attempt failed. */
export const GENERATION_QUEUE = 'generation';
export const GENERATION_DEAD_LETTER_QUEUE = 'generation-failed';

/** Makes both queues; every process that sends or works them calls this once at start. */
export async function createGenerationQueues(queue: JobQueue): Promise<void> {
  // The dead letter queue first: the other refers to it.
  await queue.createQueue(GENERATION_DEAD_LETTER_QUEUE);
  await queue.createQueue(GENERATION_QUEUE);
}
