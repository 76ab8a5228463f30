import { apiPathTo, GenerationJobSchema, type GenerationJob } from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';

/** GET /api/generated-images/{id}: one generation, for polling when the progress stream breaks. */
export const getGeneration = (jobId: string, signal?: AbortSignal): Promise<GenerationJob> =>
  apiClient.get(apiPathTo.generatedImage(jobId), { schema: GenerationJobSchema, signal });
