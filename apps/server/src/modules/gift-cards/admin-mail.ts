import {
  formatGiftCardCode,
  formatMinorUnits,
  type Currency,
  type Locale,
} from '@pictura/contract';
import {
  escapeHtml,
  htmlDocument,
  link,
  paragraph,
  type MailMessage,
} from '../../infra/mail/index.js';

interface GoodwillTexts {
  subject: string;
  intro: (amount: string) => string;
  messageLabel: string;
  codeLabel: string;
  redeem: string;
  keep: string;
}

const TEXTS: Record<Locale, GoodwillTexts> = {
  en: {
    subject: 'A Pictura gift card for you',
    intro: (amount) => `The Pictura team sends you a gift card worth ${amount}.`,
    messageLabel: 'Our message:',
    codeLabel: 'Gift card number:',
    redeem: 'Add its value to your Pictura balance once, here:',
    keep: 'Keep this mail: the number is not shown anywhere else.',
  },
  es: {
    subject: 'Una tarjeta regalo de Pictura para ti',
    intro: (amount) => `El equipo de Pictura te envía una tarjeta regalo por valor de ${amount}.`,
    messageLabel: 'Nuestro mensaje:',
    codeLabel: 'Número de la tarjeta regalo:',
    redeem: 'Añade su valor a tu saldo de Pictura una sola vez, aquí:',
    keep: 'Guarda este correo: el número no se muestra en ningún otro sitio.',
  },
  ja: {
    subject: 'Pictura からギフトカードをお届けします',
    intro: (amount) => `Pictura チームより ${amount} 分のギフトカードをお送りします。`,
    messageLabel: 'メッセージ:',
    codeLabel: 'ギフトカード番号:',
    redeem: '次のページで一度だけ Pictura の残高に金額を追加できます:',
    keep: '番号はほかの場所には表示されません。このメールを保管してください。',
  },
};

const displayAmount = (locale: Locale, amount: number, currency: Currency): string =>
  new Intl.NumberFormat(locale, { style: 'currency', currency }).format(
    formatMinorUnits(amount, currency) as `${number}`,
  );

/**
 * The mail that brings a card issued by hand to its recipient. The admin's
 * message is escaped like any other value; the code is in it and is never logged.
 */
export function goodwillGiftCardMail(
  locale: Locale,
  details: {
    code: string;
    amount: number;
    currency: Currency;
    message: string;
    redeemLink: string;
  },
): Omit<MailMessage, 'to'> {
  const texts = TEXTS[locale];
  const intro = texts.intro(displayAmount(locale, details.amount, details.currency));
  const code = formatGiftCardCode(details.code);
  const message = details.message ? [`${texts.messageLabel}\n${details.message}`] : [];
  return {
    subject: texts.subject,
    text: [
      intro,
      ...message,
      `${texts.codeLabel} ${code}`,
      `${texts.redeem}\n${details.redeemLink}`,
      texts.keep,
    ].join('\n\n'),
    html: htmlDocument(
      locale,
      texts.subject,
      paragraph(escapeHtml(intro)) +
        (details.message
          ? paragraph(
              `${escapeHtml(texts.messageLabel)}<br>${escapeHtml(details.message).replace(/\n/g, '<br>')}`,
            )
          : '') +
        paragraph(
          `${escapeHtml(texts.codeLabel)} <strong style="font-size:22px;letter-spacing:2px">${escapeHtml(code)}</strong>`,
        ) +
        paragraph(`${escapeHtml(texts.redeem)}<br>${link(details.redeemLink)}`) +
        paragraph(escapeHtml(texts.keep)),
    ),
  };
}
