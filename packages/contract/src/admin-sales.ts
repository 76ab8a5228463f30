import { z } from 'zod';
import { CURRENCIES } from './enums.js';
import { CurrencySchema } from './enum-schemas.js';
import { MinorUnitsSchema } from './money.js';

// The back office's sales figures, derived from orders and generation jobs.

/** Days are calendar days in UTC, written YYYY-MM-DD. */
export const SALES_DEFAULT_DAYS = 30;
export const SALES_MAX_DAYS = 366;
export const SALES_TOP_OFFERS = 10;

const DAY_MS = 86_400_000;
const dayNumber = (date: string): number => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

/** The number of days from `from` to `to`, both included. */
export const daysInRange = (from: string, to: string): number =>
  dayNumber(to) - dayNumber(from) + 1;

/** GET /api/admin/sales?From=2025-03-01&To=2025-03-30; both optional (the last 30 days to today). */
export const SalesQuerySchema = z
  .object({
    From: z.iso.date().optional(),
    To: z.iso.date().optional(),
  })
  .superRefine(({ From, To }, context) => {
    if (From === undefined || To === undefined) return;
    if (To < From) {
      context.addIssue({ code: 'custom', path: ['To'], message: 'To must not be before From.' });
    } else if (daysInRange(From, To) > SALES_MAX_DAYS) {
      context.addIssue({
        code: 'custom',
        path: ['To'],
        message: `At most ${SALES_MAX_DAYS} days at once.`,
      });
    }
  });
export type SalesQuery = z.infer<typeof SalesQuerySchema>;

/** Amounts per currency, every currency present (0 when nothing was sold in it). */
export const CurrencyAmountsSchema = z.object(
  Object.fromEntries(CURRENCIES.map((currency) => [currency, MinorUnitsSchema])) as Record<
    (typeof CURRENCIES)[number],
    typeof MinorUnitsSchema
  >,
);
export type CurrencyAmounts = z.infer<typeof CurrencyAmountsSchema>;

export const SalesDaySchema = z.object({
  date: z.iso.date(),
  /** Totals of the orders paid that day, refunds not subtracted. */
  revenue: CurrencyAmountsSchema,
  /** Refunds made that day from the back office (of orders paid on any day). */
  refunds: CurrencyAmountsSchema,
  /** Orders paid that day. */
  orders: z.number().int().min(0),
  /** Generation jobs that delivered their pictures that day. */
  generations: z.number().int().min(0),
});
export type SalesDay = z.infer<typeof SalesDaySchema>;

export const TopOfferSchema = z.object({
  offerId: z.number().int(),
  urlName: z.string(),
  title: z.string(),
  /** Variants of the offer sold in paid orders. */
  units: z.number().int().min(0),
  revenue: CurrencyAmountsSchema,
});
export type TopOffer = z.infer<typeof TopOfferSchema>;

/** What a VAT row sold: artwork in paid orders, or image generation charged to the balance. */
export const VAT_SALE_KINDS = ['artwork', 'generation'] as const;
export type VatSaleKind = (typeof VAT_SALE_KINDS)[number];

/**
 * VAT included in what was sold to customers in one EU country, per calendar month (UTC), kind,
 * rate and currency: the lines of a One-Stop-Shop return. Artwork counts in the month its order was
 * paid, generation in the month its charge was captured (the pictures delivered). Gift cards and
 * deposits carry no VAT (it is due when their value is spent).
 */
export const VatSalesRowSchema = z.object({
  /** YYYY-MM. */
  month: z.string().regex(/^\d{4}-\d{2}$/),
  country: z.string(),
  kind: z.enum(VAT_SALE_KINDS),
  /** Basis points: 2100 is 21 %. */
  rate: z.number().int().min(0),
  currency: CurrencySchema,
  /** Prices as paid, VAT included. */
  gross: MinorUnitsSchema,
  vat: MinorUnitsSchema,
  /** Order lines (artwork variants) sold, or generation jobs charged. */
  lines: z.number().int().min(0),
});
export type VatSalesRow = z.infer<typeof VatSalesRowSchema>;

export const SalesReportSchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  /** Every day of the range, oldest first, days without sales included. */
  days: z.array(SalesDaySchema),
  totals: SalesDaySchema.omit({ date: true }),
  /** Most units sold in the range first. */
  topOffers: z.array(TopOfferSchema),
  /** Month, then country, then kind (artwork first), rate and currency. */
  vat: z.array(VatSalesRowSchema),
});
export type SalesReport = z.infer<typeof SalesReportSchema>;
