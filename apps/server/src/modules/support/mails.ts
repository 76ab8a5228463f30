import type { Locale, SupportTicketType } from '@pictura/contract';
import {
  escapeHtml,
  htmlDocument,
  link,
  paragraph,
  type MailMessage,
} from '../../infra/mail/index.js';

type MailContent = Omit<MailMessage, 'to'>;

interface ConfirmationTexts {
  subject: (ticketNumber: string) => string;
  thanks: string;
  numberLabel: string;
  topicLabel: string;
  topics: Record<SupportTicketType, string>;
  addMore: string;
  notYou: string;
}

const CONFIRMATION: Record<Locale, ConfirmationTexts> = {
  en: {
    subject: (ticketNumber) => `We have received your message (ticket ${ticketNumber})`,
    thanks:
      'Thank you for contacting Pictura. We have received your message and will answer by email, usually within two working days.',
    numberLabel: 'Your ticket number:',
    topicLabel: 'Topic:',
    topics: {
      ImageGeneration: 'Image generation',
      PurchasePaymentIssues: 'Purchases and payment',
      TechnicalSupport: 'Technical support',
      CommercialUseInquiries: 'Commercial use and licences',
      Other: 'Something else',
    },
    addMore:
      'To add something, send us a new message through the contact form and mention your ticket number:',
    notYou: 'If you did not write to us, you can ignore this mail.',
  },
  es: {
    subject: (ticketNumber) => `Hemos recibido tu mensaje (consulta ${ticketNumber})`,
    thanks:
      'Gracias por contactar con Pictura. Hemos recibido tu mensaje y te responderemos por correo electrónico, normalmente en un plazo de dos días laborables.',
    numberLabel: 'Tu número de consulta:',
    topicLabel: 'Tema:',
    topics: {
      ImageGeneration: 'Generación de imágenes',
      PurchasePaymentIssues: 'Compras y pagos',
      TechnicalSupport: 'Soporte técnico',
      CommercialUseInquiries: 'Uso comercial y licencias',
      Other: 'Otro asunto',
    },
    addMore:
      'Si quieres añadir algo, envíanos un mensaje nuevo desde el formulario de contacto e indica tu número de consulta:',
    notYou: 'Si no nos has escrito, puedes ignorar este correo.',
  },
  ja: {
    subject: (ticketNumber) => `お問い合わせを受け付けました（お問い合わせ番号 ${ticketNumber}）`,
    thanks:
      'Pictura へのお問い合わせありがとうございます。メッセージを受け付けました。通常2営業日以内にメールでご返信いたします。',
    numberLabel: 'お問い合わせ番号:',
    topicLabel: '内容:',
    topics: {
      ImageGeneration: '画像生成について',
      PurchasePaymentIssues: '購入・お支払いについて',
      TechnicalSupport: '技術的なサポート',
      CommercialUseInquiries: '商用利用・ライセンスについて',
      Other: 'その他',
    },
    addMore:
      '追記がある場合は、お問い合わせフォームから新しいメッセージをお送りいただき、お問い合わせ番号をご記入ください:',
    notYou: 'お心当たりがない場合は、このメールを無視してください。',
  },
};

/**
 * The confirmation to the sender, in the language they wrote in. It repeats nothing they typed (not
 * the name, not the message): the address is not verified, and echoing text would let anyone send
 * words of their choice from our domain to any address.
 */
export function ticketConfirmationMail(
  locale: Locale,
  details: { ticketNumber: string; supportTicketType: SupportTicketType; contactLink: string },
): MailContent {
  const texts = CONFIRMATION[locale];
  const subject = texts.subject(details.ticketNumber);
  const topic = texts.topics[details.supportTicketType];
  return {
    subject,
    text: [
      texts.thanks,
      `${texts.numberLabel} ${details.ticketNumber}\n${texts.topicLabel} ${topic}`,
      `${texts.addMore}\n${details.contactLink}`,
      texts.notYou,
    ].join('\n\n'),
    html: htmlDocument(
      locale,
      subject,
      paragraph(escapeHtml(texts.thanks)) +
        paragraph(
          `${escapeHtml(texts.numberLabel)} <strong style="font-size:20px;letter-spacing:1px">${escapeHtml(details.ticketNumber)}</strong><br>` +
            `${escapeHtml(texts.topicLabel)} ${escapeHtml(topic)}`,
        ) +
        paragraph(`${escapeHtml(texts.addMore)}<br>${link(details.contactLink)}`) +
        paragraph(escapeHtml(texts.notYou)),
    ),
  };
}

export interface TicketNotification {
  ticketNumber: string;
  supportTicketType: SupportTicketType;
  name: string;
  email: string;
  description: string;
  reference: string | null;
  locale: Locale;
  /** The account the ticket is linked to; null when the sender was not signed in. */
  userId: string | null;
  receivedAt: Date;
}

// Line breaks in a header would end it; the subject carries typed text (the name).
const oneLine = (text: string): string => text.replace(/[\r\n\t\u2028\u2029]+/g, ' ').trim();

/** The notice to SUPPORT_EMAIL: everything the team needs to answer, in English. */
export function ticketNotificationMail(ticket: TicketNotification): MailContent {
  const subject = oneLine(
    `[${ticket.ticketNumber}] ${CONFIRMATION.en.topics[ticket.supportTicketType]}: ${ticket.name}`,
  );
  const facts: Array<[string, string]> = [
    ['Ticket', ticket.ticketNumber],
    ['Topic', `${CONFIRMATION.en.topics[ticket.supportTicketType]} (${ticket.supportTicketType})`],
    ['Name', ticket.name],
    ['Email', ticket.email],
    ['Account', ticket.userId ?? 'not signed in'],
    ['Language', ticket.locale],
    ['Reference', ticket.reference ?? '-'],
    ['Received', ticket.receivedAt.toISOString()],
  ];
  const rows = facts
    .map(
      ([label, value]) =>
        `<tr><th style="text-align:left;padding:2px 12px 2px 0">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  return {
    subject,
    text: [
      facts.map(([label, value]) => `${label}: ${value}`).join('\n'),
      ticket.description,
      'Answer the sender at the email above; they were told to quote the ticket number.',
    ].join('\n\n'),
    html: htmlDocument(
      'en',
      subject,
      `<table style="border-collapse:collapse;margin:0 0 16px">${rows}</table>` +
        `<div style="white-space:pre-wrap;margin:0 0 16px;padding:12px;border-left:4px solid #5b3cc4;background:#f5f3ff">${escapeHtml(ticket.description)}</div>` +
        paragraph(
          'Answer the sender at the email above; they were told to quote the ticket number.',
        ),
    ),
  };
}
