import type { CreditNoteReason, Locale } from '@pictura/contract';

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
    reasons: Record<CreditNoteReason, string>;
    total: string;
    vatIncluded: string;
    /** A dispute won's document: its title, the credit note it cancels, its totals. */
    cancellation: {
      title: string;
      cancels: (creditNoteNumber: number) => string;
      total: string;
      vatIncluded: string;
    };
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
        disputeWon: "Reason: the payer's bank gave the payment back (dispute won)",
      },
      total: 'Total credited',
      vatIncluded: 'VAT credited',
      cancellation: {
        title: 'Credit note cancellation',
        cancels: (number) => `Cancels credit note no. ${number}`,
        total: 'Total charged again',
        vatIncluded: 'VAT charged again',
      },
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
        disputeWon: 'Motivo: el banco del pagador devolvió el pago (disputa ganada)',
      },
      total: 'Total abonado',
      vatIncluded: 'IVA abonado',
      cancellation: {
        title: 'Anulación de factura rectificativa',
        cancels: (number) => `Anula la factura rectificativa n.º ${number}`,
        total: 'Total cargado de nuevo',
        vatIncluded: 'IVA cargado de nuevo',
      },
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
        disputeWon: '理由: 支払者の銀行が支払いを戻しました（異議申し立てに勝訴）',
      },
      total: '返金合計',
      vatIncluded: 'うち返金 VAT',
      cancellation: {
        title: '返金明細書の取消',
        cancels: (number) => `返金明細書（番号 ${number}）を取り消します`,
        total: '再請求合計',
        vatIncluded: 'うち再請求 VAT',
      },
    },
  },
};
