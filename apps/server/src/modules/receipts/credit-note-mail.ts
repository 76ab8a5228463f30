import type { Locale } from '@pictura/contract';
import { escapeHtml, htmlDocument, paragraph, type MailMessage } from '../../infra/mail/index.js';
import { displayAmount } from './format.js';
import type { CreditNoteRow } from './schema.js';

type MailContent = Omit<MailMessage, 'to'>;

interface CreditNoteMailTexts {
  subject: (creditNoteNumber: number) => string;
  intro: (amount: string, receiptNumber: number) => string;
  attached: (creditNoteNumber: number) => string;
}

const TEXTS: Record<Locale, CreditNoteMailTexts> = {
  en: {
    subject: (number) => `Your Pictura credit note no. ${number}`,
    intro: (amount, receiptNumber) =>
      `${amount} of your receipt no. ${receiptNumber} has been given back or taken back, so we have issued a credit note that corrects it.`,
    attached: (number) =>
      `Your credit note no. ${number} is attached. You can download it again at any time from your balance page.`,
  },
  es: {
    subject: (number) => `Tu factura rectificativa n.º ${number} de Pictura`,
    intro: (amount, receiptNumber) =>
      `Se han devuelto o retirado ${amount} de tu recibo n.º ${receiptNumber}, así que hemos emitido una factura rectificativa que lo corrige.`,
    attached: (number) =>
      `Adjuntamos tu factura rectificativa n.º ${number}. Puedes volver a descargarla cuando quieras desde la página de tu saldo.`,
  },
  ja: {
    subject: (number) => `Pictura 返金明細書（番号 ${number}）`,
    intro: (amount, receiptNumber) =>
      `領収書（番号 ${receiptNumber}）のうち ${amount} が返金または取り消されたため、これを訂正する返金明細書を発行しました。`,
    attached: (number) =>
      `返金明細書（番号 ${number}）を添付しています。残高ページからいつでも再ダウンロードできます。`,
  },
};

/** The mail that sends a credit note; its PDF is attached when it is sent. */
export function creditNoteMail(locale: Locale, note: CreditNoteRow): MailContent {
  const texts = TEXTS[locale];
  const subject = texts.subject(note.number);
  const intro = texts.intro(displayAmount(locale, note.total, note.currency), note.receiptNumber);
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
