import type { Locale } from '@pictura/contract';
import { escapeHtml, htmlDocument, paragraph, type MailMessage } from '../../infra/mail/index.js';
import { displayAmount } from './format.js';
import type { CreditNoteRow } from './schema.js';

type MailContent = Omit<MailMessage, 'to'>;

interface CreditNoteMailTexts {
  subject: (creditNoteNumber: number) => string;
  intro: (amount: string, receiptNumber: number) => string;
  /** A dispute won: the cancellation of the credit note its withdrawal issued. */
  cancellationIntro: (amount: string, cancelled: number) => string;
  attached: (creditNoteNumber: number) => string;
}

const TEXTS: Record<Locale, CreditNoteMailTexts> = {
  en: {
    subject: (number) => `Your Pictura credit note no. ${number}`,
    intro: (amount, receiptNumber) =>
      `${amount} of your receipt no. ${receiptNumber} has been given back or taken back, so we have issued a credit note that corrects it.`,
    cancellationIntro: (amount, cancelled) =>
      `Your bank has given the payment back to us, so ${amount} of credit note no. ${cancelled} is cancelled by the document attached.`,
    attached: (number) =>
      `Your credit note no. ${number} is attached. You can download it again at any time from your balance page.`,
  },
  es: {
    subject: (number) => `Tu factura rectificativa n.º ${number} de Pictura`,
    intro: (amount, receiptNumber) =>
      `Se han devuelto o retirado ${amount} de tu recibo n.º ${receiptNumber}, así que hemos emitido una factura rectificativa que lo corrige.`,
    cancellationIntro: (amount, cancelled) =>
      `Tu banco nos ha devuelto el pago, así que el documento adjunto anula ${amount} de la factura rectificativa n.º ${cancelled}.`,
    attached: (number) =>
      `Adjuntamos tu factura rectificativa n.º ${number}. Puedes volver a descargarla cuando quieras desde la página de tu saldo.`,
  },
  ja: {
    subject: (number) => `Pictura 返金明細書（番号 ${number}）`,
    intro: (amount, receiptNumber) =>
      `領収書（番号 ${receiptNumber}）のうち ${amount} が返金または取り消されたため、これを訂正する返金明細書を発行しました。`,
    cancellationIntro: (amount, cancelled) =>
      `銀行から支払いが戻されたため、返金明細書（番号 ${cancelled}）のうち ${amount} を添付の書類で取り消します。`,
    attached: (number) =>
      `返金明細書（番号 ${number}）を添付しています。残高ページからいつでも再ダウンロードできます。`,
  },
};

/** The mail that sends a credit note; its PDF is attached when it is sent. */
export function creditNoteMail(locale: Locale, note: CreditNoteRow): MailContent {
  const texts = TEXTS[locale];
  const subject = texts.subject(note.number);
  const amount = displayAmount(locale, note.total, note.currency);
  const intro =
    note.cancels === null
      ? texts.intro(amount, note.receiptNumber)
      : texts.cancellationIntro(amount, note.cancels);
  const attached = texts.attached(note.number);
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
