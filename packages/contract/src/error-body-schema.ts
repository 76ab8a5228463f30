import { z } from 'zod';
import type { ErrorBody } from './errors.js';

/** The API error body as the server declares it; `ErrorBody` and `readErrorBody` are in errors.ts. */
export const ErrorBodySchema = z.object({
  errors: z.record(z.string(), z.string()),
  requestId: z.string().optional(),
}) satisfies z.ZodType<ErrorBody>;
