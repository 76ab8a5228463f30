import type { Locale } from '@pictura/contract';
import { escapeHtml, htmlDocument, paragraph, type MailMessage } from '../../infra/mail/index.js';
import { displayAmount } from './format.js';
import type { ReceiptRow } from './schema.js';

type MailContent = Omit<MailMessage, 'to'>;

interface ReceiptMailTexts {
  orderSubject: (orderId: number) => string;
  orderIntro: (orderId: number, amount: string) => string;
  depositSubject: string;
  depositIntro: (amount: string) => string;
  attached: (receiptNumber: number) => string;
}

const TEXTS: Record<Locale, ReceiptMailTexts> = {
  en: {
    orderSubject: (orderId) => `Your Pictura order ${orderId} is paid`,
    orderIntro: (orderId, amount) =>
      `Thank you: your order ${orderId} is paid (${amount}). Your artworks are waiting in My artworks.`,
    depositSubject: 'Your Pictura balance has been topped up',
    depositIntro: (amount) => `Thank you: ${amount} has been added to your Pictura balance.`,
    attached: (receiptNumber) =>
      `Your receipt no. ${receiptNumber} is attached. You can download it again at any time from your account.`,
  },
  es: {
    orderSubject: (orderId) => `Tu pedido ${orderId} de Pictura está pagado`,
    orderIntro: (orderId, amount) =>
      `Gracias: tu pedido ${orderId} está pagado (${amount}). Tus obras te esperan en Mis obras.`,
    depositSubject: 'Tu saldo de Pictura se ha recargado',
    depositIntro: (amount) => `Gracias: se han añadido ${amount} a tu saldo de Pictura.`,
    attached: (receiptNumber) =>
      `Adjuntamos tu recibo n.º ${receiptNumber}. Puedes volver a descargarlo cuando quieras desde tu cuenta.`,
  },
  ja: {
    orderSubject: (orderId) => `Pictura ご注文 ${orderId} のお支払いが完了しました`,
    orderIntro: (orderId, amount) =>
      `ありがとうございます。ご注文 ${orderId} のお支払い（${amount}）が完了しました。作品は「マイ作品」からご利用いただけます。`,
    depositSubject: 'Pictura 残高へのチャージが完了しました',
    depositIntro: (amount) => `ありがとうございます。Pictura の残高に ${amount} を追加しました。`,
    attached: (receiptNumber) =>
      `領収書（番号 ${receiptNumber}）を添付しています。アカウントからいつでも再ダウンロードできます。`,
  },
};

/** The mail that tells a payment went through; its receipt is attached when it is sent. */
export function receiptMail(locale: Locale, receipt: ReceiptRow): MailContent {
  const texts = TEXTS[locale];
  const amount = displayAmount(locale, receipt.total, receipt.currency);
  const subject =
    receipt.orderId === null ? texts.depositSubject : texts.orderSubject(receipt.orderId);
  const intro =
    receipt.orderId === null
      ? texts.depositIntro(amount)
      : texts.orderIntro(receipt.orderId, amount);
  const attached = texts.attached(receipt.number);
  return {
    subject,
    text: [intro, attached].join('\n\n'),
    html: htmlDocument(
      locale,
      subject,
      paragraph(escapeHtml(intro)) + paragraph(escapeHtml(attached)),
    ),
  };
}
