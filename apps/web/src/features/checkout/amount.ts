import { parseMinorUnits, type Currency } from '@pictura/contract';

/** Error codes of an amount field, worded by AmountField in the active language. */
export const AMOUNT_ERRORS = { format: 'amount:format', range: 'amount:range' } as const;

export type AmountCheck =
  | { ok: true; amount: number }
  | { ok: false; error: (typeof AMOUNT_ERRORS)[keyof typeof AMOUNT_ERRORS] };

/** Reads a typed amount into minor units and checks it against the limits (minor units too). */
export function checkAmount(
  text: string,
  currency: Currency,
  min: number,
  max: number,
): AmountCheck {
  const amount = parseMinorUnits(text, currency);
  if (amount === null) return { ok: false, error: AMOUNT_ERRORS.format };
  if (amount < min || amount > max) return { ok: false, error: AMOUNT_ERRORS.range };
  return { ok: true, amount };
}
