import type { Locale } from '@pictura/contract';
import {
  escapeHtml,
  htmlDocument,
  link,
  paragraph,
  type MailMessage,
} from '../../infra/mail/index.js';

type MailContent = Omit<MailMessage, 'to'>;

interface ResetTexts {
  subject: string;
  intro: string;
  codeLabel: string;
  linkLabel: string;
  rules: (minutes: number) => string;
}

interface ChangedTexts {
  subject: string;
  body: string;
  notYou: string;
}

const RESET: Record<Locale, ResetTexts> = {
  en: {
    subject: 'Reset your Pictura password',
    intro: 'Someone, hopefully you, asked to reset the password of your Pictura account.',
    codeLabel: 'Your code:',
    linkLabel: 'Or open this link to choose a new password:',
    rules: (minutes) =>
      `The code works once and expires in ${minutes} minutes. If you did not ask for it, ignore this mail: your password stays as it is.`,
  },
  es: {
    subject: 'Restablece tu contraseña de Pictura',
    intro:
      'Alguien, esperamos que tú, ha pedido restablecer la contraseña de tu cuenta de Pictura.',
    codeLabel: 'Tu código:',
    linkLabel: 'O abre este enlace para elegir una contraseña nueva:',
    rules: (minutes) =>
      `El código solo sirve una vez y caduca en ${minutes} minutos. Si no lo has pedido tú, ignora este correo: tu contraseña no cambia.`,
  },
  ja: {
    subject: 'Pictura のパスワード再設定',
    intro: 'Pictura アカウントのパスワード再設定のご依頼を受け付けました。',
    codeLabel: '確認コード:',
    linkLabel: '次のリンクから新しいパスワードを設定することもできます:',
    rules: (minutes) =>
      `このコードは1回のみ、${minutes}分間有効です。お心当たりがない場合は、このメールを無視してください。パスワードは変更されません。`,
  },
};

const CHANGED: Record<Locale, ChangedTexts> = {
  en: {
    subject: 'Your Pictura password was changed',
    body: 'The password of your Pictura account was just changed, and your other devices were signed out.',
    notYou: 'If this was not you, reset your password now:',
  },
  es: {
    subject: 'Se ha cambiado tu contraseña de Pictura',
    body: 'La contraseña de tu cuenta de Pictura se acaba de cambiar y se ha cerrado la sesión en tus demás dispositivos.',
    notYou: 'Si no has sido tú, restablece tu contraseña ahora:',
  },
  ja: {
    subject: 'Pictura のパスワードが変更されました',
    body: 'Pictura アカウントのパスワードが変更され、他の端末からはログアウトされました。',
    notYou: 'お心当たりがない場合は、今すぐパスワードを再設定してください:',
  },
};

/** The password-reset mail: the code, and a link that fills it in. */
export function passwordResetMail(
  locale: Locale,
  details: { code: string; link: string; minutes: number },
): MailContent {
  const texts = RESET[locale];
  const rules = texts.rules(details.minutes);
  return {
    subject: texts.subject,
    text: [
      texts.intro,
      `${texts.codeLabel} ${details.code}`,
      `${texts.linkLabel}\n${details.link}`,
      rules,
    ].join('\n\n'),
    html: htmlDocument(
      locale,
      texts.subject,
      paragraph(escapeHtml(texts.intro)) +
        paragraph(
          `${escapeHtml(texts.codeLabel)} <strong style="font-size:22px;letter-spacing:2px">${escapeHtml(details.code)}</strong>`,
        ) +
        paragraph(`${escapeHtml(texts.linkLabel)}<br>${link(details.link)}`) +
        paragraph(escapeHtml(rules)),
    ),
  };
}

/** Tells the owner that the password changed, with a way back in if it was not them. */
export function passwordChangedMail(locale: Locale, details: { resetLink: string }): MailContent {
  const texts = CHANGED[locale];
  return {
    subject: texts.subject,
    text: [texts.body, `${texts.notYou}\n${details.resetLink}`].join('\n\n'),
    html: htmlDocument(
      locale,
      texts.subject,
      paragraph(escapeHtml(texts.body)) +
        paragraph(`${escapeHtml(texts.notYou)}<br>${link(details.resetLink)}`),
    ),
  };
}
