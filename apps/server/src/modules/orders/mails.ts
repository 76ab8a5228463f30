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

type MailContent = Omit<MailMessage, 'to'>;

interface GiftCardTexts {
  subject: (orderId: number) => string;
  intro: (amount: string) => string;
  codeLabel: string;
  redeem: string;
  keep: string;
}

const GIFT_CARD: Record<Locale, GiftCardTexts> = {
  en: {
    subject: (orderId) => `Your Pictura gift card (order ${orderId})`,
    intro: (amount) =>
      `Thank you for your order. Here is the gift card you bought, worth ${amount}.`,
    codeLabel: 'Gift card number:',
    redeem: 'Whoever has this number can add its value to their Pictura balance once, here:',
    keep: 'Keep this mail: for your safety the order history shows the number only once.',
  },
  es: {
    subject: (orderId) => `Tu tarjeta regalo de Pictura (pedido ${orderId})`,
    intro: (amount) =>
      `Gracias por tu pedido. Aquí tienes la tarjeta regalo que has comprado, por valor de ${amount}.`,
    codeLabel: 'Número de la tarjeta regalo:',
    redeem:
      'Quien tenga este número puede añadir su valor a su saldo de Pictura una sola vez, aquí:',
    keep: 'Guarda este correo: por tu seguridad, el historial de pedidos muestra el número solo una vez.',
  },
  ja: {
    subject: (orderId) => `Pictura ギフトカードのお知らせ（ご注文 ${orderId}）`,
    intro: (amount) =>
      `ご注文ありがとうございます。ご購入いただいた ${amount} 分のギフトカードをお届けします。`,
    codeLabel: 'ギフトカード番号:',
    redeem: 'この番号をお持ちの方は、次のページで一度だけ Pictura の残高に金額を追加できます:',
    keep: '安全のため、注文履歴には番号が一度しか表示されません。このメールを保管してください。',
  },
};

/** An amount as the buyer reads it, e.g. "€25.00" or "25,00 €": exact, from its decimal string. */
export function displayAmount(locale: Locale, amount: number, currency: Currency): string {
  const decimal = formatMinorUnits(amount, currency) as `${number}`;
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(decimal);
}

/** The mail that brings the buyer a gift card's number. */
export function giftCardMail(
  locale: Locale,
  details: {
    orderId: number;
    code: string;
    amount: number;
    currency: Currency;
    redeemLink: string;
  },
): MailContent {
  const texts = GIFT_CARD[locale];
  const subject = texts.subject(details.orderId);
  const intro = texts.intro(displayAmount(locale, details.amount, details.currency));
  const code = formatGiftCardCode(details.code);
  return {
    subject,
    text: [
      intro,
      `${texts.codeLabel} ${code}`,
      `${texts.redeem}\n${details.redeemLink}`,
      texts.keep,
    ].join('\n\n'),
    html: htmlDocument(
      locale,
      subject,
      paragraph(escapeHtml(intro)) +
        paragraph(
          `${escapeHtml(texts.codeLabel)} <strong style="font-size:22px;letter-spacing:2px">${escapeHtml(code)}</strong>`,
        ) +
        paragraph(`${escapeHtml(texts.redeem)}<br>${link(details.redeemLink)}`) +
        paragraph(escapeHtml(texts.keep)),
    ),
  };
}
