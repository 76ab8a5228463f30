import {
  formatMinorUnits,
  type Currency,
  type Locale,
  type PaymentPurpose,
  type PaymentReversalKind,
} from '@pictura/contract';
import {
  escapeHtml,
  htmlDocument,
  link,
  paragraph,
  type MailMessage,
} from '../../infra/mail/index.js';

type MailContent = Omit<MailMessage, 'to'>;

export interface ReversalMailDetails {
  kind: PaymentReversalKind;
  purpose: PaymentPurpose;
  orderId: number | null;
  amount: number;
  currency: Currency;
  takenFromBalance: number;
  debt: number;
  withdrawnArtworks: number;
  /** The wallet page, where the customer sees what is owed and tops up. */
  walletLink: string;
}

interface Texts {
  subject: Record<PaymentReversalKind, string>;
  what: Record<PaymentReversalKind, (amount: string) => string>;
  taken: (amount: string) => string;
  owed: (amount: string, currency: Currency) => string;
  withdrawn: (orderId: number) => string;
  questions: string;
}

const TEXTS: Record<Locale, Texts> = {
  en: {
    subject: {
      dispute: 'Your bank disputed a Pictura payment',
      refund: 'A Pictura payment was refunded',
    },
    what: {
      dispute: (amount) => `Your bank or card issuer took back ${amount} of a payment to Pictura.`,
      refund: (amount) => `${amount} of a payment to Pictura was refunded to your card or account.`,
    },
    taken: (amount) => `We took ${amount} of the top-up back from your balance.`,
    owed: (amount, currency) =>
      `Your balance did not cover all of it: you owe ${amount}. Your next top-up or gift card in ${currency} pays it first; until then, purchases and generations in ${currency} are paused.`,
    withdrawn: (orderId) => `The pictures of order ${orderId} can no longer be downloaded.`,
    questions: 'If you think this is a mistake, reply through the contact form on our site.',
  },
  es: {
    subject: {
      dispute: 'Tu banco ha reclamado un pago a Pictura',
      refund: 'Se ha reembolsado un pago a Pictura',
    },
    what: {
      dispute: (amount) =>
        `Tu banco o el emisor de tu tarjeta ha retirado ${amount} de un pago a Pictura.`,
      refund: (amount) =>
        `Se han reembolsado ${amount} de un pago a Pictura a tu tarjeta o cuenta.`,
    },
    taken: (amount) => `Hemos retirado de tu saldo ${amount} de la recarga.`,
    owed: (amount, currency) =>
      `Tu saldo no lo cubría todo: debes ${amount}. Tu próxima recarga o tarjeta regalo en ${currency} lo paga primero; hasta entonces, las compras y generaciones en ${currency} quedan en pausa.`,
    withdrawn: (orderId) => `Las imágenes del pedido ${orderId} ya no se pueden descargar.`,
    questions: 'Si crees que es un error, escríbenos desde el formulario de contacto de la web.',
  },
  ja: {
    subject: {
      dispute: 'Pictura へのお支払いに異議申し立てがありました',
      refund: 'Pictura へのお支払いが返金されました',
    },
    what: {
      dispute: (amount) =>
        `銀行またはカード会社が Pictura へのお支払いのうち ${amount} を取り戻しました。`,
      refund: (amount) =>
        `Pictura へのお支払いのうち ${amount} がカードまたは口座に返金されました。`,
    },
    taken: (amount) => `チャージ分のうち ${amount} を残高から差し引きました。`,
    owed: (amount, currency) =>
      `残高で全額をまかなえなかったため、${amount} の未払いがあります。次回の ${currency} のチャージまたはギフトカードから先にお支払いいただきます。それまで ${currency} での購入と画像生成は停止されます。`,
    withdrawn: (orderId) => `ご注文 ${orderId} の画像はダウンロードできなくなりました。`,
    questions: '誤りと思われる場合は、サイトのお問い合わせフォームからご連絡ください。',
  },
};

const displayAmount = (locale: Locale, amount: number, currency: Currency): string =>
  new Intl.NumberFormat(locale, { style: 'currency', currency }).format(
    formatMinorUnits(amount, currency) as `${number}`,
  );

/** The mail telling the customer that a dispute or a provider refund took something back. */
export function reversalMail(locale: Locale, details: ReversalMailDetails): MailContent {
  const texts = TEXTS[locale];
  const money = (amount: number) => displayAmount(locale, amount, details.currency);
  const lines = [texts.what[details.kind](money(details.amount))];
  if (details.takenFromBalance > 0) lines.push(texts.taken(money(details.takenFromBalance)));
  if (details.debt > 0) lines.push(texts.owed(money(details.debt), details.currency));
  if (details.purpose === 'order' && details.orderId !== null) {
    lines.push(texts.withdrawn(details.orderId));
  }
  lines.push(texts.questions);
  const subject = texts.subject[details.kind];
  const withLink = details.debt > 0;
  return {
    subject,
    text: [...lines, ...(withLink ? [details.walletLink] : [])].join('\n\n'),
    html: htmlDocument(
      locale,
      subject,
      lines.map((line) => paragraph(escapeHtml(line))).join('') +
        (withLink ? paragraph(link(details.walletLink)) : ''),
    ),
  };
}
