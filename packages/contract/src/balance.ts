import { z } from 'zod';
import { CurrencySchema } from './enum-schemas.js';
import { MinorUnitsSchema } from './money.js';

export const BalanceQuerySchema = z.strictObject({ currency: CurrencySchema });
export type BalanceQuery = z.infer<typeof BalanceQuerySchema>;

export const BalanceResponseSchema = z.object({
  currency: CurrencySchema,
  amount: MinorUnitsSchema.min(0),
});
export type BalanceResponse = z.infer<typeof BalanceResponseSchema>;

export const GiftCardRedemptionSchema = z.strictObject({
  giftCardNumber: z.string().trim().min(1).max(64),
});
export type GiftCardRedemption = z.infer<typeof GiftCardRedemptionSchema>;
