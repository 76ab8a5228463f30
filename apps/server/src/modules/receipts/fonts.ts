import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** Noto Sans JP covers Latin and Japanese: one family renders receipts in every language. */
export interface ReceiptFonts {
  regular: Buffer;
  bold: Buffer;
}

const fontDir = dirname(
  createRequire(import.meta.url).resolve('@expo-google-fonts/noto-sans-jp/package.json'),
);

let loading: Promise<ReceiptFonts> | undefined;

/** Read once per process (about 11 MB); pdfkit embeds only the glyphs a receipt uses. */
export function receiptFonts(): Promise<ReceiptFonts> {
  loading ??= Promise.all([
    readFile(join(fontDir, '400Regular', 'NotoSansJP_400Regular.ttf')),
    readFile(join(fontDir, '700Bold', 'NotoSansJP_700Bold.ttf')),
  ])
    .then(([regular, bold]) => ({ regular, bold }))
    .catch((err: unknown) => {
      loading = undefined;
      throw err;
    });
  return loading;
}
