import type { Locale } from '@pictura/contract';

/** The words of a receipt, in each of the shop's languages. */
export interface ReceiptTexts {
  title: string;
  number: string;
  date: string;
  order: string;
  seller: string;
  vatNumber: string;
  billedTo: string;
  description: string;
  vatRate: string;
  vat: string;
  amount: string;
  variants: Record<string, string>;
  licence: string;
  giftCard: string;
  deposit: string;
  /** Why a gift card or a deposit line carries no VAT. */
  voucherNote: string;
  total: string;
  vatIncluded: string;
  vatAt: (rate: string, country: string) => string;
  pricesIncludeVat: string;
  noVat: string;
  /** A credit note's own words: its title and number, the receipt it corrects, why, its totals. */
  creditNote: {
    title: string;
    number: string;
    corrects: (receiptNumber: number) => string;
    reasons: Record<'refund' | 'dispute', string>;
    total: string;
    vatIncluded: string;
  };
}

export const RECEIPT_TEXTS: Record<Locale, ReceiptTexts> = {
  en: {
    title: 'Receipt',
    number: 'Receipt no.',
    date: 'Date',
    order: 'Order',
    seller: 'Seller',
    vatNumber: 'VAT number',
    billedTo: 'Billed to',
    description: 'Description',
    vatRate: 'VAT rate',
    vat: 'VAT',
    amount: 'Amount',
    variants: { standard: 'Standard download', full: 'Full resolution' },
    licence: 'Licence',
    giftCard: 'Gift card',
    deposit: 'Balance top-up',
    voucherNote: 'Prepayment: VAT is charged when it is spent on pictures or image generation.',
    total: 'Total paid',
    vatIncluded: 'VAT included',
    vatAt: (rate, country) => `VAT ${rate} (${country})`,
    pricesIncludeVat: 'All prices include VAT.',
    noVat: 'No VAT: the buyer is billed outside the EU.',
    creditNote: {
      title: 'Credit note',
      number: 'Credit note no.',
      corrects: (receiptNumber) => `Corrects receipt no. ${receiptNumber}`,
      reasons: {
        refund: 'Reason: refund',
        dispute: "Reason: payment taken back by the payer's bank",
      },
      total: 'Total credited',
      vatIncluded: 'VAT credited',
    },
  },
  es: {
    title: 'Recibo',
    number: 'Recibo n.º',
    date: 'Fecha',
    order: 'Pedido',
    seller: 'Vendedor',
    vatNumber: 'NIF-IVA',
    billedTo: 'Facturado a',
    description: 'Descripción',
    vatRate: 'Tipo de IVA',
    vat: 'IVA',
    amount: 'Importe',
    variants: { standard: 'Descarga estándar', full: 'Resolución completa' },
    licence: 'Licencia',
    giftCard: 'Tarjeta regalo',
    deposit: 'Recarga de saldo',
    voucherNote:
      'Pago anticipado: el IVA se aplica cuando se gasta en obras o en generar imágenes.',
    total: 'Total pagado',
    vatIncluded: 'IVA incluido',
    vatAt: (rate, country) => `IVA ${rate} (${country})`,
    pricesIncludeVat: 'Todos los precios incluyen el IVA.',
    noVat: 'Sin IVA: el comprador se factura fuera de la UE.',
    creditNote: {
      title: 'Factura rectificativa',
      number: 'Factura rectificativa n.º',
      corrects: (receiptNumber) => `Rectifica el recibo n.º ${receiptNumber}`,
      reasons: {
        refund: 'Motivo: devolución',
        dispute: 'Motivo: pago retirado por el banco del pagador',
      },
      total: 'Total abonado',
      vatIncluded: 'IVA abonado',
    },
  },
  ja: {
    title: '領収書',
    number: '領収書番号',
    date: '発行日',
    order: 'ご注文番号',
    seller: '販売者',
    vatNumber: 'VAT 登録番号',
    billedTo: '請求先',
    description: '品目',
    vatRate: 'VAT 税率',
    vat: 'VAT',
    amount: '金額',
    variants: { standard: '標準ダウンロード', full: 'フル解像度' },
    licence: 'ライセンス',
    giftCard: 'ギフトカード',
    deposit: '残高チャージ',
    voucherNote: '前払い: VAT は作品の購入や画像生成に使われたときに課税されます。',
    total: 'お支払い合計',
    vatIncluded: 'うち VAT',
    vatAt: (rate, country) => `VAT ${rate}（${country}）`,
    pricesIncludeVat: '価格はすべて VAT 込みです。',
    noVat: 'VAT なし: 請求先が EU 域外です。',
    creditNote: {
      title: '返金明細書',
      number: '返金明細書番号',
      corrects: (receiptNumber) => `訂正対象の領収書番号 ${receiptNumber}`,
      reasons: {
        refund: '理由: 返金',
        dispute: '理由: 支払者の銀行による支払いの取り消し',
      },
      total: '返金合計',
      vatIncluded: 'うち返金 VAT',
    },
  },
};
