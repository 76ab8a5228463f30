import type { Locale } from '@pictura/contract';
import {
  escapeHtml,
  htmlDocument,
  link,
  paragraph,
  type MailMessage,
} from '../../infra/mail/index.js';

type MailContent = Omit<MailMessage, 'to'>;

interface ChangedTexts {
  subject: string;
  body: (newEmail: string) => string;
  undo: (days: number) => string;
}

const CHANGED: Record<Locale, ChangedTexts> = {
  en: {
    subject: 'The email address of your Pictura account was changed',
    body: (newEmail) =>
      `Your Pictura account now uses ${newEmail}. This address no longer signs in or receives its mail.`,
    undo: (days) =>
      `If this was not you, open this link within ${days} days: it puts this address back, signs out every device, and you then choose a new password.`,
  },
  es: {
    subject: 'Se ha cambiado la dirección de correo de tu cuenta de Pictura',
    body: (newEmail) =>
      `Tu cuenta de Pictura usa ahora ${newEmail}. Esta dirección ya no sirve para iniciar sesión ni recibe sus correos.`,
    undo: (days) =>
      `Si no has sido tú, abre este enlace en los próximos ${days} días: vuelve a poner esta dirección, cierra la sesión en todos los dispositivos y después eliges una contraseña nueva.`,
  },
  ja: {
    subject: 'Pictura アカウントのメールアドレスが変更されました',
    body: (newEmail) =>
      `Pictura アカウントのメールアドレスは ${newEmail} に変更されました。このアドレスではサインインできず、お知らせも届かなくなります。`,
    undo: (days) =>
      `お心当たりがない場合は、${days}日以内に次のリンクを開いてください。このアドレスに戻し、すべての端末からサインアウトします。その後、新しいパスワードを設定してください。`,
  },
};

/** To the old address once a change took effect: what happened, and the link that undoes it. */
export function emailChangedMail(
  locale: Locale,
  details: { newEmail: string; undoLink: string; days: number },
): MailContent {
  const texts = CHANGED[locale];
  const body = texts.body(details.newEmail);
  const undo = texts.undo(details.days);
  return {
    subject: texts.subject,
    text: [body, `${undo}\n${details.undoLink}`].join('\n\n'),
    html: htmlDocument(
      locale,
      texts.subject,
      paragraph(escapeHtml(body)) + paragraph(`${escapeHtml(undo)}<br>${link(details.undoLink)}`),
    ),
  };
}
