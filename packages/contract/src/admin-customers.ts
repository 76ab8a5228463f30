import { z } from 'zod';
import { CurrencySchema } from './enum-schemas.js';
import { MinorUnitsSchema } from './money.js';

// The back office's view of a customer's money: balances and ledger entries.

export const ADMIN_CUSTOMER_SEARCH_LIMIT = 50;

/** GET /api/admin/customers?Email=ann: addresses containing the text, newest accounts first. */
export const AdminCustomerQuerySchema = z.object({
  Email: z.string().trim().min(1).max(254),
});
export type AdminCustomerQuery = z.infer<typeof AdminCustomerQuerySchema>;

export const AdminCustomerSchema = z.object({
  id: z.string(),
  email: z.string(),
  createdAt: z.string(),
  // One entry per currency, in CURRENCIES order; 0 for a currency never used.
  balances: z.array(z.object({ currency: CurrencySchema, amount: MinorUnitsSchema.min(0) })),
});
export type AdminCustomer = z.infer<typeof AdminCustomerSchema>;

export const AdminCustomerListSchema = z.object({
  customers: z.array(AdminCustomerSchema),
  // True when more than ADMIN_CUSTOMER_SEARCH_LIMIT matched: narrow the search.
  more: z.boolean(),
});
export type AdminCustomerList = z.infer<typeof AdminCustomerListSchema>;

export const AdminCustomerIdParamsSchema = z.strictObject({ customerId: z.uuid() });

/** GET /api/admin/customers/{customerId}/ledger?Currency=EUR&Before=123 (as /api/balance/history). */
export const AdminCustomerLedgerQuerySchema = z.object({
  Currency: CurrencySchema,
  Before: z.coerce.number().int().positive().optional(),
});
export type AdminCustomerLedgerQuery = z.infer<typeof AdminCustomerLedgerQuerySchema>;
