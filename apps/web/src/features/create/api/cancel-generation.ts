import { apiPathTo, GenerationJobSchema, type GenerationJob } from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';

/**
 * POST /api/generated-images/{id}/cancel: only while the job waits in the queue; the price goes
 * back to the balance. A job that has started answers 409 with a general message.
 */
export const cancelGeneration = (jobId: string): Promise<GenerationJob> =>
  apiClient.post(apiPathTo.generatedImageCancel(jobId), undefined, {
    schema: GenerationJobSchema,
  });
