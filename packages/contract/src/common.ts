import { z } from 'zod';
import { ROW_ID_MAX, type BuildLatest } from './constants.js';

/** Email as typed, trimmed and lower-cased so that one address is one account. */
export const EmailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email());

/** A short free-text field (names, city): trimmed, not empty. */
export const shortText = (max: number) => z.string().trim().min(1).max(max);

export const PaymentLinkResponseSchema = z.object({ paymentLink: z.string().min(1) });
export type PaymentLinkResponse = z.infer<typeof PaymentLinkResponseSchema>;

export const HealthResponseSchema = z.object({
  status: z.enum(['ok', 'unhealthy']),
  database: z.enum(['up', 'down']),
});
export type HealthResponse = z.infer<typeof HealthResponseSchema>;

/** GET /api/shop: `testPayments` when payments go to the sandbox, which takes no money (a test shop). */
export const ShopInfoSchema = z.object({ testPayments: z.boolean() });
export type ShopInfo = z.infer<typeof ShopInfoSchema>;

/** Release detection files written by the web build (docs/product/browser.md#release-detection). */
export const BuildLatestSchema = z.object({
  buildId: z.string().min(1),
}) satisfies z.ZodType<BuildLatest>;

export const RowIdSchema = z.number().int().positive().max(ROW_ID_MAX);
export const RowIdParamSchema = z.coerce.number().int().positive().max(ROW_ID_MAX);
