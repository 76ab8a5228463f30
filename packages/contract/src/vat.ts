// VAT on digital goods sold to consumers in the EU (One-Stop Shop): prices are shown and charged
// VAT-inclusive; the VAT they include is charged at the rate of the buyer's country, none outside
// the EU.

/**
 * Standard VAT rates of the 27 member states, in basis points (1 % = 100), keyed by ISO 3166-1
 * alpha-2 code (Greece is GR here, EL in VAT returns). Source: European Commission, "VAT rates
 * applied in the Member States of the European Union", with the changes in force by 1 August 2025
 * (Finland 25.5 % from September 2024, Slovakia 23 % from January 2025, Estonia 24 % from July 2025,
 * Romania 21 % from August 2025). Check it against the Commission's list before every OSS return.
 */
export const EU_STANDARD_VAT_BASIS_POINTS: Readonly<Record<string, number>> = {
  AT: 2000,
  BE: 2100,
  BG: 2000,
  CY: 1900,
  CZ: 2100,
  DE: 1900,
  DK: 2500,
  EE: 2400,
  ES: 2100,
  FI: 2550,
  FR: 2000,
  GR: 2400,
  HR: 2500,
  HU: 2700,
  IE: 2300,
  IT: 2200,
  LT: 2100,
  LU: 1700,
  LV: 2100,
  MT: 1800,
  NL: 2100,
  PL: 2300,
  PT: 2300,
  RO: 2100,
  SE: 2500,
  SI: 2200,
  SK: 2300,
};

/** The VAT rate, in basis points, of a sale to a buyer billed in `country`: 0 outside the EU. */
export const vatRateFor = (country: string): number =>
  EU_STANDARD_VAT_BASIS_POINTS[country.trim().toUpperCase()] ?? 0;

/**
 * The VAT included in a VAT-inclusive amount, in minor units: gross × rate / (1 + rate), rounded to
 * the nearest minor unit, halves up. It is computed per line and the lines are added, so a receipt's
 * total VAT is the sum of what its lines show.
 */
export function vatIncluded(grossMinor: number, rateBasisPoints: number): number {
  if (!Number.isSafeInteger(grossMinor) || grossMinor < 0) {
    throw new RangeError(`not an amount in minor units: ${grossMinor}`);
  }
  const divisor = 10_000 + rateBasisPoints;
  // In integers: (2 × gross × rate + divisor) ÷ (2 × divisor), floored, is the half-up rounding.
  return Math.floor((2 * grossMinor * rateBasisPoints + divisor) / (2 * divisor));
}
