import type { Locale } from '@pictura/contract';
import {
  escapeHtml,
  htmlDocument,
  link,
  paragraph,
  type MailMessage,
} from '../../infra/mail/index.js';

type MailContent = Omit<MailMessage, 'to'>;

interface VerifyTexts {
  subject: string;
  signUp: string;
  change: string;
  linkLabel: string;
  rules: (hours: number) => string;
}

interface ChangeNoticeTexts {
  subject: string;
  body: (newEmail: string) => string;
  notYou: string;
}

const VERIFY: Record<Locale, VerifyTexts> = {
  en: {
    subject: 'Verify your email address for Pictura',
    signUp:
      'Welcome to Pictura. Please confirm that this address is yours before you top up, buy or create pictures.',
    change:
      'You asked to use this address for your Pictura account. It takes over once you confirm it.',
    linkLabel: 'Open this link to verify your address:',
    rules: (hours) =>
      `The link works once and expires in ${hours} hours. If you did not ask for it, ignore this mail.`,
  },
  es: {
    subject: 'Verifica tu dirección de correo en Pictura',
    signUp:
      'Te damos la bienvenida a Pictura. Confirma que esta dirección es tuya antes de recargar saldo, comprar o crear imágenes.',
    change:
      'Has pedido usar esta dirección en tu cuenta de Pictura. Sustituirá a la anterior cuando la confirmes.',
    linkLabel: 'Abre este enlace para verificar tu dirección:',
    rules: (hours) =>
      `El enlace solo sirve una vez y caduca en ${hours} horas. Si no lo has pedido tú, ignora este correo.`,
  },
  ja: {
    subject: 'Pictura メールアドレスの確認',
    signUp:
      'Pictura へようこそ。残高のチャージ、購入、画像の作成の前に、このメールアドレスがご本人のものであることを確認してください。',
    change:
      'Pictura アカウントでこのメールアドレスを使うご依頼を受け付けました。確認が済むと、このアドレスに切り替わります。',
    linkLabel: '次のリンクを開いてメールアドレスを確認してください:',
    rules: (hours) =>
      `このリンクは1回のみ、${hours}時間有効です。お心当たりがない場合は、このメールを無視してください。`,
  },
};

const CHANGE_NOTICE: Record<Locale, ChangeNoticeTexts> = {
  en: {
    subject: 'Your Pictura email address is being changed',
    body: (newEmail) =>
      `Someone signed in to your Pictura account asked to change its email address to ${newEmail}. This address keeps working until the new one is confirmed.`,
    notYou: 'If this was not you, reset your password now:',
  },
  es: {
    subject: 'Se está cambiando la dirección de correo de tu cuenta de Pictura',
    body: (newEmail) =>
      `Alguien con sesión iniciada en tu cuenta de Pictura ha pedido cambiar su dirección de correo a ${newEmail}. Esta dirección sigue funcionando hasta que se confirme la nueva.`,
    notYou: 'Si no has sido tú, restablece tu contraseña ahora:',
  },
  ja: {
    subject: 'Pictura のメールアドレス変更のお知らせ',
    body: (newEmail) =>
      `Pictura アカウントのメールアドレスを ${newEmail} に変更するご依頼がありました。新しいアドレスの確認が済むまでは、このアドレスが引き続き使われます。`,
    notYou: 'お心当たりがない場合は、今すぐパスワードを再設定してください:',
  },
};

/** The link that verifies an address: after sign-up, or for a new address the user asked for. */
export function verificationMail(
  locale: Locale,
  details: { link: string; hours: number; purpose: 'signUp' | 'change' },
): MailContent {
  const texts = VERIFY[locale];
  const intro = texts[details.purpose];
  const rules = texts.rules(details.hours);
  return {
    subject: texts.subject,
    text: [intro, `${texts.linkLabel}\n${details.link}`, rules].join('\n\n'),
    html: htmlDocument(
      locale,
      texts.subject,
      paragraph(escapeHtml(intro)) +
        paragraph(`${escapeHtml(texts.linkLabel)}<br>${link(details.link)}`) +
        paragraph(escapeHtml(rules)),
    ),
  };
}

/** Tells the old address that a change was asked for, with a way back in if it was not the owner. */
export function emailChangeRequestedMail(
  locale: Locale,
  details: { newEmail: string; resetLink: string },
): MailContent {
  const texts = CHANGE_NOTICE[locale];
  const body = texts.body(details.newEmail);
  return {
    subject: texts.subject,
    text: [body, `${texts.notYou}\n${details.resetLink}`].join('\n\n'),
    html: htmlDocument(
      locale,
      texts.subject,
      paragraph(escapeHtml(body)) +
        paragraph(`${escapeHtml(texts.notYou)}<br>${link(details.resetLink)}`),
    ),
  };
}
