import type { Locale } from '@pictura/contract';
import {
  escapeHtml,
  htmlDocument,
  link,
  paragraph,
  type MailMessage,
} from '../../infra/mail/index.js';

type MailContent = Omit<MailMessage, 'to'>;

interface ReplyTexts {
  subject: (ticketNumber: string) => string;
  intro: (ticketNumber: string) => string;
  addMore: string;
  signature: string;
}

const REPLY: Record<Locale, ReplyTexts> = {
  en: {
    subject: (ticketNumber) => `Re: your message to Pictura (ticket ${ticketNumber})`,
    intro: (ticketNumber) => `This is our answer to your message, ticket ${ticketNumber}:`,
    addMore:
      'To answer, send us a message through the contact form and mention your ticket number:',
    signature: 'Pictura customer care',
  },
  es: {
    subject: (ticketNumber) => `Re: tu mensaje a Pictura (consulta ${ticketNumber})`,
    intro: (ticketNumber) => `Esta es nuestra respuesta a tu mensaje, consulta ${ticketNumber}:`,
    addMore:
      'Para responder, envíanos un mensaje desde el formulario de contacto e indica tu número de consulta:',
    signature: 'Atención al cliente de Pictura',
  },
  ja: {
    subject: (ticketNumber) => `Re: Pictura へのお問い合わせ（お問い合わせ番号 ${ticketNumber}）`,
    intro: (ticketNumber) => `お問い合わせ番号 ${ticketNumber} へのご返信です:`,
    addMore:
      'ご返信の際は、お問い合わせフォームからメッセージをお送りいただき、お問い合わせ番号をご記入ください:',
    signature: 'Pictura カスタマーサポート',
  },
};

/**
 * The back office's answer to a ticket, in the language the sender wrote in, with the ticket number
 * in the subject so that the conversation stays together in the sender's mail client.
 */
export function ticketReplyMail(
  locale: Locale,
  details: { ticketNumber: string; message: string; contactLink: string },
): MailContent {
  const texts = REPLY[locale];
  const subject = texts.subject(details.ticketNumber);
  return {
    subject,
    text: [
      texts.intro(details.ticketNumber),
      details.message,
      `${texts.addMore}\n${details.contactLink}`,
      texts.signature,
    ].join('\n\n'),
    html: htmlDocument(
      locale,
      subject,
      paragraph(escapeHtml(texts.intro(details.ticketNumber))) +
        `<div style="white-space:pre-wrap;margin:0 0 16px">${escapeHtml(details.message)}</div>` +
        paragraph(`${escapeHtml(texts.addMore)}<br>${link(details.contactLink)}`) +
        paragraph(escapeHtml(texts.signature)),
    ),
  };
}
