import { z } from 'zod';
import { EmailSchema, RowIdParamSchema } from './common.js';
import { CurrencySchema, LocaleSchema } from './enum-schemas.js';
import { LIMITS } from './cart.js';
import { MinorUnitsSchema } from './money.js';

// Gift cards in the back office: issue one by hand, list what was issued.

/** POST /api/admin/gift-cards: a goodwill card; its code is in the answer once and never again. */
export const AdminGiftCardIssueSchema = z.strictObject({
  amount: MinorUnitsSchema.min(LIMITS.giftCardMin).max(LIMITS.giftCardMax),
  currency: CurrencySchema,
  // Optional: the code is mailed there, with the message, in the chosen language.
  recipientEmail: z.union([z.literal(''), EmailSchema]).optional(),
  message: z.string().trim().max(1000).optional(),
  locale: LocaleSchema.default('en'),
  reason: z.string().trim().min(1).max(500),
});
export type AdminGiftCardIssue = z.input<typeof AdminGiftCardIssueSchema>;

export const AdminIssuedGiftCardSchema = z.object({
  id: z.number().int().positive(),
  // Shown this once, grouped (XXXX-XXXX-…); only its hint is kept readable.
  code: z.string(),
  codeHint: z.string(),
  amount: MinorUnitsSchema.min(0),
  currency: CurrencySchema,
  mailedTo: z.string().nullable(),
});
export type AdminIssuedGiftCard = z.infer<typeof AdminIssuedGiftCardSchema>;

export const GIFT_CARD_SOURCES = ['order', 'manual'] as const;

export const AdminGiftCardSchema = z.object({
  id: z.number().int().positive(),
  createdAt: z.string(),
  amount: MinorUnitsSchema.min(0),
  currency: CurrencySchema,
  source: z.enum(GIFT_CARD_SOURCES),
  orderId: z.number().int().positive().nullable(),
  // The buyer for an order's card, the admin for a manual one.
  issuedByEmail: z.string().nullable(),
  recipientEmail: z.string().nullable(),
  reason: z.string().nullable(),
  codeHint: z.string(),
  redeemedAt: z.string().nullable(),
  redeemedByEmail: z.string().nullable(),
  voidedAt: z.string().nullable(),
});
export type AdminGiftCard = z.infer<typeof AdminGiftCardSchema>;

export const ADMIN_GIFT_CARD_PAGE_SIZE = 50;

/** GET /api/admin/gift-cards?Before=123: newest first. */
export const AdminGiftCardQuerySchema = z.object({
  Before: RowIdParamSchema.optional(),
});

export const AdminGiftCardListSchema = z.object({
  cards: z.array(AdminGiftCardSchema),
  nextBefore: z.number().int().positive().nullable(),
});
export type AdminGiftCardList = z.infer<typeof AdminGiftCardListSchema>;
