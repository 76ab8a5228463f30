import { eq } from 'drizzle-orm';
import { vatRateFor } from '@pictura/contract';
import type { Db } from '../../infra/db/index.js';
import { users } from '../accounts/index.js';

/** Where a generation's VAT is due and at what rate, fixed when it is submitted. */
export interface GenerationVat {
  country: string;
  /** Basis points; 0 outside the EU. */
  rate: number;
}

/**
 * The member state a VAT number was issued by: its two-letter prefix, Greece's `EL` read as `GR`
 * (the code of `vatRateFor`).
 */
export const countryOfVatNumber = (vatNumber: string): string => {
  const prefix = vatNumber.slice(0, 2).toUpperCase();
  return prefix === 'EL' ? 'GR' : prefix;
};

/**
 * The VAT of a generation by `userId`: the standard rate of the user's billing country (their
 * profile's, as it is now), none outside the EU. A user without a billing country is taxed as a
 * customer in the shop's own member state (`shopCountry`, from its VAT number): without evidence of
 * where the customer is, the sale is declared where the shop is established, in its domestic return,
 * rather than left untaxed.
 */
export async function generationVat(
  tx: Db,
  userId: string,
  shopCountry: string,
): Promise<GenerationVat> {
  const [user] = await tx
    .select({ country: users.country })
    .from(users)
    .where(eq(users.id, userId));
  const billed = user?.country?.trim().toUpperCase();
  const country = billed ? billed : shopCountry;
  return { country, rate: vatRateFor(country) };
}
