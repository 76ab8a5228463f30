import PDFDocument from 'pdfkit';
import { licencePathFor, type Locale } from '@pictura/contract';
import { receiptFonts } from './fonts.js';
import { displayAmount, displayCountry, displayDate, displayRate } from './format.js';
import type { CreditNoteRow, ReceiptLine, ReceiptRow } from './schema.js';
import { RECEIPT_TEXTS, type ReceiptTexts } from './texts.js';

const MARGIN = 50;
const PAGE_WIDTH = 595.28; // A4 in points
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
// Columns of the lines table: description, VAT rate, VAT, amount.
const COLUMNS = [
  { x: MARGIN, width: 255 },
  { x: MARGIN + 260, width: 70 },
  { x: MARGIN + 335, width: 80 },
  { x: MARGIN + 420, width: CONTENT_WIDTH - 420 },
] as const;
const MUTED = '#555555';
// Room a line of the table needs (its text and the licence link under it), in points.
const ROW_ROOM = 48;
const TOTALS_ROOM = 120;
const LINK = '#5b3cc4';

/** What a receipt and a credit note both print. */
type Printed = Pick<
  ReceiptRow,
  | 'number'
  | 'issuedAt'
  | 'orderId'
  | 'currency'
  | 'total'
  | 'vatTotal'
  | 'seller'
  | 'buyer'
  | 'lines'
>;

export interface ReceiptDocument {
  receipt: Printed;
  /** Print it as this credit note of the receipt (the note's own number, date, lines, totals). */
  creditNote?: Pick<CreditNoteRow, 'receiptNumber' | 'reason' | 'cancels'>;
  locale: Locale;
  /** The shop's address for the licence links, without a trailing slash. */
  publicUrl: string;
}

function describe(texts: ReceiptTexts, line: ReceiptLine): string {
  if (line.kind === 'giftCard') return texts.giftCard;
  if (line.kind === 'deposit') return texts.deposit;
  const variant = line.variant === null ? '' : (texts.variants[line.variant] ?? line.variant);
  return variant ? `${line.title} · ${variant}` : line.title;
}

/**
 * The receipt as a PDF in the buyer's language: the seller's legal details, the buyer's billing
 * details, its number and date, every line with the VAT it includes, the total and the VAT in it.
 * Everything comes from the receipt as issued; only the language is the reader's. A credit note
 * is the same document titled as one, naming the receipt it corrects and why, with the lines and
 * totals it credits.
 */
export async function renderReceiptPdf({
  receipt,
  creditNote,
  locale,
  publicUrl,
}: ReceiptDocument): Promise<Buffer> {
  const receiptTexts = RECEIPT_TEXTS[locale];
  // A cancellation of a credit note is numbered in the credit notes' series, titled as what it is.
  const noteTexts =
    creditNote && creditNote.cancels !== null
      ? receiptTexts.creditNote.cancellation
      : receiptTexts.creditNote;
  const texts = creditNote
    ? {
        ...receiptTexts,
        title: noteTexts.title,
        number: receiptTexts.creditNote.number,
        total: noteTexts.total,
        vatIncluded: noteTexts.vatIncluded,
      }
    : receiptTexts;
  const fonts = await receiptFonts();
  const money = (amount: number) => displayAmount(locale, amount, receipt.currency);
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `${texts.title} ${receipt.number}`, Author: receipt.seller.name },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('regular', fonts.regular);
  doc.registerFont('bold', fonts.bold);

  doc.font('bold').fontSize(22).text(texts.title);
  doc.moveDown(0.3).font('regular').fontSize(10);
  doc.text(`${texts.number} ${receipt.number}`);
  doc.text(`${texts.date}: ${displayDate(locale, receipt.issuedAt)}`);
  if (creditNote) {
    doc.font('bold').text(texts.creditNote.corrects(creditNote.receiptNumber)).font('regular');
    if (creditNote.cancels !== null) {
      doc.font('bold').text(texts.creditNote.cancellation.cancels(creditNote.cancels));
      doc.font('regular');
    }
    doc.text(texts.creditNote.reasons[creditNote.reason]);
  }
  if (receipt.orderId !== null) doc.text(`${texts.order}: ${receipt.orderId}`);

  const partiesTop = doc.moveDown(1.2).y;
  const half = CONTENT_WIDTH / 2 - 10;
  const { seller, buyer } = receipt;
  doc.font('bold').text(texts.seller, MARGIN, partiesTop, { width: half });
  doc.font('regular').text(seller.name, { width: half });
  doc.text(seller.address, { width: half });
  doc.text(`${texts.vatNumber}: ${seller.vatNumber}`, { width: half });
  const sellerBottom = doc.y;
  const buyerX = MARGIN + half + 20;
  doc.font('bold').text(texts.billedTo, buyerX, partiesTop, { width: half });
  doc.font('regular').text(buyer.name, buyerX, undefined, { width: half });
  doc.text(buyer.address1, buyerX, undefined, { width: half });
  const place = [buyer.zipCode, buyer.city, buyer.state].filter(Boolean).join(' ');
  doc.text(place, buyerX, undefined, { width: half });
  doc.text(displayCountry(locale, buyer.country), buyerX, undefined, { width: half });
  // On one line: a break inside an address would change it for whoever copies it.
  doc.fontSize(9).text(buyer.email, buyerX, undefined, { lineBreak: false }).fontSize(10);
  doc.y = Math.max(sellerBottom, doc.y) + 24;

  const row = (cells: readonly string[], font: 'regular' | 'bold') => {
    // A long order goes on over pages: a line starts on a new page rather than split across two.
    if (doc.y + ROW_ROOM > doc.page.height - MARGIN) doc.addPage();
    const top = doc.y;
    let bottom = top;
    doc.font(font).fontSize(10);
    cells.forEach((cell, index) => {
      const column = COLUMNS[index];
      if (!column) return;
      doc.text(cell, column.x, top, {
        width: column.width,
        align: index === 0 ? 'left' : 'right',
      });
      bottom = Math.max(bottom, doc.y);
    });
    doc.y = bottom;
  };
  const rule = () => {
    doc
      .moveTo(MARGIN, doc.y + 4)
      .lineTo(MARGIN + CONTENT_WIDTH, doc.y + 4)
      .strokeColor('#cccccc')
      .stroke();
    doc.y += 10;
  };

  row([texts.description, texts.vatRate, texts.vat, texts.amount], 'bold');
  rule();
  // A credit note's lines that credit nothing of their receipt line are not printed.
  for (const line of receipt.lines.filter((printed) => !creditNote || printed.gross > 0)) {
    row(
      [
        describe(texts, line),
        displayRate(locale, line.vatRate),
        money(line.vat),
        money(line.gross),
      ],
      'regular',
    );
    doc.fontSize(8).fillColor(MUTED);
    if (line.kind === 'artwork') {
      const url = `${publicUrl}${licencePathFor(line.variant ?? '')}`;
      doc.fillColor(LINK).text(`${texts.licence}: ${url}`, MARGIN, doc.y, {
        width: COLUMNS[0].width,
        link: url,
        underline: true,
      });
    } else {
      doc.text(texts.voucherNote, MARGIN, doc.y, { width: COLUMNS[0].width });
    }
    doc.fillColor('black').fontSize(10);
    doc.y += 6;
  }
  rule();

  const totalRow = (label: string, value: string, font: 'regular' | 'bold') => {
    const top = doc.y;
    doc.font(font).fontSize(font === 'bold' ? 12 : 10);
    doc.text(label, MARGIN + 200, top, { width: 215, align: 'right' });
    doc.text(value, COLUMNS[3].x, top, { width: COLUMNS[3].width, align: 'right' });
  };
  // The totals stay together, on the last page.
  if (doc.y + TOTALS_ROOM > doc.page.height - MARGIN) doc.addPage();
  totalRow(texts.total, money(receipt.total), 'bold');
  totalRow(texts.vatIncluded, money(receipt.vatTotal), 'regular');
  for (const [key, vat] of vatByRate(receipt.lines)) {
    const [country, rate] = key.split(':');
    totalRow(texts.vatAt(displayRate(locale, Number(rate)), country ?? ''), money(vat), 'regular');
  }

  doc.moveDown(2).font('regular').fontSize(9).fillColor(MUTED);
  doc.text(texts.pricesIncludeVat, MARGIN, doc.y, { width: CONTENT_WIDTH });
  if (receipt.vatTotal === 0 && receipt.lines.some((line) => line.kind === 'artwork')) {
    doc.text(texts.noVat, { width: CONTENT_WIDTH });
  }
  doc.end();
  return done;
}

/** The VAT of the artwork lines per country and rate ("ES:2100"), for the breakdown under the total. */
function vatByRate(lines: readonly ReceiptLine[]): Map<string, number> {
  const sums = new Map<string, number>();
  for (const line of lines) {
    if (line.kind !== 'artwork' || line.vatRate === 0 || line.vatCountry === null) continue;
    const key = `${line.vatCountry}:${line.vatRate}`;
    sums.set(key, (sums.get(key) ?? 0) + line.vat);
  }
  return sums;
}
