import {
  formatMinorUnits,
  type Currency,
  type Locale,
  type PaymentReversalKind,
} from '@pictura/contract';
import {
  escapeHtml,
  htmlDocument,
  link,
  paragraph,
  type MailMessage,
} from '../../infra/mail/index.js';
import type { PartyEffect } from './settle.js';

type MailContent = Omit<MailMessage, 'to'>;

export interface ReversalMailDetails {
  kind: PaymentReversalKind;
  /** The payer, or the redeemer of a gift card the payment bought. */
  role: PartyEffect['role'];
  orderId: number | null;
  /** What the provider gave back (or, for a reinstatement, returned to the shop) with this event. */
  amount: number;
  currency: Currency;
  takenFromBalance: number;
  debt: number;
  givenBack: number;
  debtCancelled: number;
  withdrawnArtworks: number;
  restoredArtworks: number;
  /** The wallet page, where the customer sees what is owed and tops up. */
  walletLink: string;
}

interface Texts {
  subject: Record<PaymentReversalKind, string>;
  redeemerSubject: string;
  what: Record<PaymentReversalKind, (amount: string) => string>;
  redeemerWhat: string;
  taken: (amount: string) => string;
  owed: (amount: string, currency: Currency) => string;
  withdrawn: (orderId: number, count: number) => string;
  givenBack: (amount: string) => string;
  debtCancelled: (amount: string) => string;
  restored: (orderId: number, count: number) => string;
  questions: string;
}

const TEXTS: Record<Locale, Texts> = {
  en: {
    subject: {
      dispute: 'Your bank disputed a Pictura payment',
      refund: 'A Pictura payment was refunded',
      reinstatement: 'A disputed Pictura payment was settled',
    },
    redeemerSubject: 'A gift card you redeemed was paid back to its buyer',
    what: {
      dispute: (amount) => `Your bank or card issuer took back ${amount} of a payment to Pictura.`,
      refund: (amount) => `${amount} of a payment to Pictura was refunded to your card or account.`,
      reinstatement: (amount) =>
        `The dispute about a payment to Pictura was decided and ${amount} came back to us, so we gave back what we had taken for it.`,
    },
    redeemerWhat:
      'The payment for a Pictura gift card you redeemed went back to the person who bought it, so its value cannot stay in your balance.',
    taken: (amount) => `We took ${amount} back from your balance.`,
    owed: (amount, currency) =>
      `Your balance did not cover all of it: you owe ${amount}. Your next top-up or gift card in ${currency} pays it first; until then, purchases and generations in ${currency} are paused.`,
    withdrawn: (orderId, count) =>
      `${count} picture(s) of order ${orderId} can no longer be downloaded.`,
    givenBack: (amount) => `We added ${amount} back to your balance.`,
    debtCancelled: (amount) => `We cancelled ${amount} of what you owed.`,
    restored: (orderId, count) =>
      `${count} picture(s) of order ${orderId} can be downloaded again.`,
    questions: 'If you think this is a mistake, reply through the contact form on our site.',
  },
  es: {
    subject: {
      dispute: 'Tu banco ha reclamado un pago a Pictura',
      refund: 'Se ha reembolsado un pago a Pictura',
      reinstatement: 'Se ha resuelto la reclamación de un pago a Pictura',
    },
    redeemerSubject: 'Se ha devuelto a su comprador una tarjeta regalo que canjeaste',
    what: {
      dispute: (amount) =>
        `Tu banco o el emisor de tu tarjeta ha retirado ${amount} de un pago a Pictura.`,
      refund: (amount) =>
        `Se han reembolsado ${amount} de un pago a Pictura a tu tarjeta o cuenta.`,
      reinstatement: (amount) =>
        `La reclamación de un pago a Pictura se ha resuelto y nos han devuelto ${amount}, así que te devolvemos lo que habíamos retirado por ella.`,
    },
    redeemerWhat:
      'El pago de una tarjeta regalo de Pictura que canjeaste se ha devuelto a quien la compró, así que su valor no puede quedarse en tu saldo.',
    taken: (amount) => `Hemos retirado ${amount} de tu saldo.`,
    owed: (amount, currency) =>
      `Tu saldo no lo cubría todo: debes ${amount}. Tu próxima recarga o tarjeta regalo en ${currency} lo paga primero; hasta entonces, las compras y generaciones en ${currency} quedan en pausa.`,
    withdrawn: (orderId, count) =>
      `${count} imagen(es) del pedido ${orderId} ya no se pueden descargar.`,
    givenBack: (amount) => `Hemos vuelto a añadir ${amount} a tu saldo.`,
    debtCancelled: (amount) => `Hemos cancelado ${amount} de lo que debías.`,
    restored: (orderId, count) =>
      `${count} imagen(es) del pedido ${orderId} se pueden volver a descargar.`,
    questions: 'Si crees que es un error, escríbenos desde el formulario de contacto de la web.',
  },
  ja: {
    subject: {
      dispute: 'Pictura へのお支払いに異議申し立てがありました',
      refund: 'Pictura へのお支払いが返金されました',
      reinstatement: 'Pictura へのお支払いの異議申し立てが解決しました',
    },
    redeemerSubject: 'ご利用いただいたギフトカードの代金が購入者に返金されました',
    what: {
      dispute: (amount) =>
        `銀行またはカード会社が Pictura へのお支払いのうち ${amount} を取り戻しました。`,
      refund: (amount) =>
        `Pictura へのお支払いのうち ${amount} がカードまたは口座に返金されました。`,
      reinstatement: (amount) =>
        `Pictura へのお支払いに関する異議申し立てが決着し、${amount} が当店に戻りました。そのため、差し引いていたものをお戻しします。`,
    },
    redeemerWhat:
      'ご利用いただいた Pictura ギフトカードの代金が購入者に返金されたため、その金額を残高に残すことはできません。',
    taken: (amount) => `残高から ${amount} を差し引きました。`,
    owed: (amount, currency) =>
      `残高で全額をまかなえなかったため、${amount} の未払いがあります。次回の ${currency} のチャージまたはギフトカードから先にお支払いいただきます。それまで ${currency} での購入と画像生成は停止されます。`,
    withdrawn: (orderId, count) =>
      `ご注文 ${orderId} の画像 ${count} 点はダウンロードできなくなりました。`,
    givenBack: (amount) => `残高に ${amount} を戻しました。`,
    debtCancelled: (amount) => `未払い額のうち ${amount} を取り消しました。`,
    restored: (orderId, count) =>
      `ご注文 ${orderId} の画像 ${count} 点が再びダウンロードできるようになりました。`,
    questions: '誤りと思われる場合は、サイトのお問い合わせフォームからご連絡ください。',
  },
};

const displayAmount = (locale: Locale, amount: number, currency: Currency): string =>
  new Intl.NumberFormat(locale, { style: 'currency', currency }).format(
    formatMinorUnits(amount, currency) as `${number}`,
  );

/**
 * The mail telling a customer what a dispute, a provider refund or a won dispute took from them or
 * gave back: the payer, or the redeemer of a gift card the payment bought.
 */
export function reversalMail(locale: Locale, details: ReversalMailDetails): MailContent {
  const texts = TEXTS[locale];
  const money = (amount: number) => displayAmount(locale, amount, details.currency);
  const redeemer = details.role === 'redeemer' && details.kind !== 'reinstatement';
  const lines = [redeemer ? texts.redeemerWhat : texts.what[details.kind](money(details.amount))];
  if (details.takenFromBalance > 0) lines.push(texts.taken(money(details.takenFromBalance)));
  if (details.debt > 0) lines.push(texts.owed(money(details.debt), details.currency));
  if (details.debtCancelled > 0) lines.push(texts.debtCancelled(money(details.debtCancelled)));
  if (details.givenBack > 0) lines.push(texts.givenBack(money(details.givenBack)));
  if (details.orderId !== null && details.withdrawnArtworks > 0) {
    lines.push(texts.withdrawn(details.orderId, details.withdrawnArtworks));
  }
  if (details.orderId !== null && details.restoredArtworks > 0) {
    lines.push(texts.restored(details.orderId, details.restoredArtworks));
  }
  if (details.kind !== 'reinstatement') lines.push(texts.questions);
  const subject = redeemer ? texts.redeemerSubject : texts.subject[details.kind];
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
