import type { ReceiptLine } from './schema.js';

/** VAT in `gross` at the share `part / whole` of a line's VAT, rounded half up in integers. */
const vatShare = (vat: number, part: number, whole: number): number =>
  whole === 0 ? 0 : Math.floor((2 * vat * part + whole) / (2 * whole));

/**
 * The lines a credit note of `amount` carries against a receipt's `lines`, of which `credited`
 * (the earlier credit notes' lines, in the same order) are already corrected. The last credit
 * note, the one that brings the receipt to zero, takes exactly what is left of every line, so the
 * notes of a receipt always add up to it, VAT included. An earlier one takes each line's share of
 * `amount` (in proportion to its price; cents left over by rounding go to the first lines with room),
 * never more than is left of a line, with the VAT of that share.
 */
export function creditedLines(
  lines: readonly ReceiptLine[],
  credited: readonly (readonly ReceiptLine[])[],
  amount: number,
): ReceiptLine[] {
  const left = lines.map((line, index) => {
    const gross = credited.reduce((sum, note) => sum + (note[index]?.gross ?? 0), 0);
    const vat = credited.reduce((sum, note) => sum + (note[index]?.vat ?? 0), 0);
    return { ...line, gross: line.gross - gross, vat: line.vat - vat };
  });
  const remaining = left.reduce((sum, line) => sum + line.gross, 0);
  if (amount >= remaining) return left;

  const total = lines.reduce((sum, line) => sum + line.gross, 0);
  const shares = lines.map((line, index) =>
    Math.min(left[index]?.gross ?? 0, Math.floor((line.gross * amount) / total)),
  );
  let rest = amount - shares.reduce((sum, share) => sum + share, 0);
  for (let index = 0; rest > 0 && index < shares.length; index += 1) {
    const room = (left[index]?.gross ?? 0) - (shares[index] ?? 0);
    const extra = Math.min(room, rest);
    shares[index] = (shares[index] ?? 0) + extra;
    rest -= extra;
  }
  return left.map((line, index) => {
    const gross = shares[index] ?? 0;
    const original = lines[index];
    const vat = Math.min(line.vat, vatShare(original?.vat ?? 0, gross, original?.gross ?? 0));
    return { ...line, gross, vat };
  });
}
