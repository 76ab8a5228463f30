import {
  apiPaths,
  GenerationAcceptedSchema,
  type GenerationAccepted,
  type GenerationRequest,
} from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';
import { IDEMPOTENCY_HEADER, newIdempotencyKey } from '../../../lib/idempotency-key';

/**
 * POST /api/generated-images: holds the price from the balance and queues the job (202 Accepted).
 * A fresh Idempotency-Key per submit, so the client's retry after a token refresh cannot pay twice.
 * Too little balance is a 400 on `count`, a refused prompt one on `prompt`.
 */
export const submitGeneration = (request: GenerationRequest): Promise<GenerationAccepted> =>
  apiClient.post(apiPaths.generatedImages, request, {
    schema: GenerationAcceptedSchema,
    successStatuses: [202],
    headers: { [IDEMPOTENCY_HEADER]: newIdempotencyKey() },
  });
