import { eq } from 'drizzle-orm';
import { paths, TWO_STEP_MAX_FAILURES, type Locale } from '@pictura/contract';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../infra/db/index.js';
import {
  escapeHtml,
  htmlDocument,
  link,
  paragraph,
  type MailMessage,
} from '../../infra/mail/index.js';
import type { MailOutbox } from '../mail/index.js';
import { users } from './schema.js';

/**
 * Changes to how an account signs in, besides its password (mails.ts): each is mailed to the owner,
 * so that someone who got into the account cannot quietly add a way back in or take one away.
 */
export type SecurityChange =
  | { kind: 'twoStepOn' }
  | { kind: 'twoStepOff' }
  | { kind: 'passkeyAdded'; passkeyName: string }
  | { kind: 'passkeyRemoved'; passkeyName: string }
  | { kind: 'recoveryCodesRenewed' }
  | { kind: 'twoStepLocked'; lockedUntil: Date };

/** A moment as the owner reads it in their language, in UTC (the mail does not know their zone). */
const formatUtc = (locale: Locale, moment: Date): string =>
  `${new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(moment)} UTC`;

interface SecurityTexts {
  subject: Record<SecurityChange['kind'], string>;
  body: (change: SecurityChange) => string;
  notYou: string;
  review: string;
}

const TEXTS: Record<Locale, SecurityTexts> = {
  en: {
    subject: {
      twoStepOn: 'Two-step sign-in is on for your Pictura account',
      twoStepOff: 'Two-step sign-in is off for your Pictura account',
      passkeyAdded: 'A passkey was added to your Pictura account',
      passkeyRemoved: 'A passkey was removed from your Pictura account',
      recoveryCodesRenewed: 'New recovery codes for your Pictura account',
      twoStepLocked: 'Someone is trying to sign in to your Pictura account',
    },
    body: (change) => {
      switch (change.kind) {
        case 'twoStepOn':
          return 'Two-step sign-in was just turned on for your Pictura account: signing in now also asks for a code from your authenticator app.';
        case 'twoStepOff':
          return 'Two-step sign-in was just turned off for your Pictura account: signing in no longer asks for a code.';
        case 'passkeyAdded':
          return `The passkey “${change.passkeyName}” was just added to your Pictura account: it can now sign in without a password.`;
        case 'passkeyRemoved':
          return `The passkey “${change.passkeyName}” was just removed from your Pictura account: it can no longer sign in.`;
        case 'recoveryCodesRenewed':
          return 'New recovery codes were just made for your Pictura account: the earlier ones no longer work.';
        case 'twoStepLocked':
          return `Someone signed in to your Pictura account with the right password, then typed wrong codes from the authenticator app ${TWO_STEP_MAX_FAILURES} times. Two-step sign-in is locked until ${formatUtc('en', change.lockedUntil)}, for longer each time it happens again.`;
      }
    },
    notYou: 'If this was not you, reset your password now:',
    review:
      'Then check the passkeys, two-step sign-in and signed-in devices in your account settings, where you can also end every other session:',
  },
  es: {
    subject: {
      twoStepOn: 'Se ha activado el inicio de sesión en dos pasos en tu cuenta de Pictura',
      twoStepOff: 'Se ha desactivado el inicio de sesión en dos pasos en tu cuenta de Pictura',
      passkeyAdded: 'Se ha añadido una llave de acceso a tu cuenta de Pictura',
      passkeyRemoved: 'Se ha eliminado una llave de acceso de tu cuenta de Pictura',
      recoveryCodesRenewed: 'Nuevos códigos de recuperación para tu cuenta de Pictura',
      twoStepLocked: 'Alguien está intentando iniciar sesión en tu cuenta de Pictura',
    },
    body: (change) => {
      switch (change.kind) {
        case 'twoStepOn':
          return 'Se acaba de activar el inicio de sesión en dos pasos en tu cuenta de Pictura: al iniciar sesión también se te pedirá un código de tu aplicación de autenticación.';
        case 'twoStepOff':
          return 'Se acaba de desactivar el inicio de sesión en dos pasos en tu cuenta de Pictura: al iniciar sesión ya no se pedirá ningún código.';
        case 'passkeyAdded':
          return `Se acaba de añadir la llave de acceso «${change.passkeyName}» a tu cuenta de Pictura: con ella se puede iniciar sesión sin contraseña.`;
        case 'passkeyRemoved':
          return `Se acaba de eliminar la llave de acceso «${change.passkeyName}» de tu cuenta de Pictura: ya no sirve para iniciar sesión.`;
        case 'recoveryCodesRenewed':
          return 'Se acaban de generar nuevos códigos de recuperación para tu cuenta de Pictura: los anteriores ya no sirven.';
        case 'twoStepLocked':
          return `Alguien ha iniciado sesión en tu cuenta de Pictura con la contraseña correcta y después ha escrito ${TWO_STEP_MAX_FAILURES} veces un código incorrecto de la aplicación de autenticación. El inicio de sesión en dos pasos queda bloqueado hasta el ${formatUtc('es', change.lockedUntil)}, y cada vez que vuelva a ocurrir, durante más tiempo.`;
      }
    },
    notYou: 'Si no has sido tú, restablece tu contraseña ahora:',
    review:
      'Después revisa las llaves de acceso, el inicio de sesión en dos pasos y los dispositivos con sesión iniciada en los ajustes de tu cuenta, donde también puedes cerrar todas las demás sesiones:',
  },
  ja: {
    subject: {
      twoStepOn: 'Pictura アカウントの2段階認証がオンになりました',
      twoStepOff: 'Pictura アカウントの2段階認証がオフになりました',
      passkeyAdded: 'Pictura アカウントにパスキーが追加されました',
      passkeyRemoved: 'Pictura アカウントからパスキーが削除されました',
      recoveryCodesRenewed: 'Pictura アカウントの新しいリカバリーコード',
      twoStepLocked: 'Pictura アカウントへのログインが試みられています',
    },
    body: (change) => {
      switch (change.kind) {
        case 'twoStepOn':
          return 'Pictura アカウントの2段階認証がオンになりました。今後のログインでは認証アプリのコードも必要です。';
        case 'twoStepOff':
          return 'Pictura アカウントの2段階認証がオフになりました。今後のログインではコードは求められません。';
        case 'passkeyAdded':
          return `Pictura アカウントにパスキー「${change.passkeyName}」が追加されました。このパスキーでパスワードなしでログインできます。`;
        case 'passkeyRemoved':
          return `Pictura アカウントからパスキー「${change.passkeyName}」が削除されました。このパスキーではログインできなくなりました。`;
        case 'recoveryCodesRenewed':
          return 'Pictura アカウントの新しいリカバリーコードが発行されました。以前のコードは使えなくなりました。';
        case 'twoStepLocked':
          return `Pictura アカウントに正しいパスワードでログインしたあと、認証アプリのコードが${TWO_STEP_MAX_FAILURES}回続けて間違って入力されました。2段階認証は ${formatUtc('ja', change.lockedUntil)} までロックされます。繰り返されるたびにロックは長くなります。`;
      }
    },
    notYou: 'お心当たりがない場合は、今すぐパスワードを再設定してください:',
    review:
      'そのうえで、アカウント設定のパスキー、2段階認証、ログイン中のデバイスを確認してください。ほかのすべてのセッションもそこで終了できます:',
  },
};

/** The mail telling the owner of `change`, with the way back in if it was not them. */
export function securityChangedMail(
  locale: Locale,
  change: SecurityChange,
  links: { resetLink: string; settingsLink: string },
): Omit<MailMessage, 'to'> {
  const texts = TEXTS[locale];
  const subject = texts.subject[change.kind];
  const body = texts.body(change);
  return {
    subject,
    text: [
      body,
      `${texts.notYou}\n${links.resetLink}`,
      `${texts.review}\n${links.settingsLink}`,
    ].join('\n\n'),
    html: htmlDocument(
      locale,
      subject,
      paragraph(escapeHtml(body)) +
        paragraph(`${escapeHtml(texts.notYou)}<br>${link(links.resetLink)}`) +
        paragraph(`${escapeHtml(texts.review)}<br>${link(links.settingsLink)}`),
    ),
  };
}

export interface SecurityMailDeps {
  readonly config: Pick<AppConfig, 'publicUrl'>;
  readonly outbox: MailOutbox;
}

/** Queues the mail about `change` to the user, in the change's own transaction: both or neither. */
export async function queueSecurityChangedMail(
  tx: Db,
  deps: SecurityMailDeps,
  userId: string,
  change: SecurityChange,
): Promise<void> {
  const { publicUrl } = deps.config;
  // Read here rather than through the service, which signs in with the two-step code (totp.ts).
  const [user] = await tx
    .select({ email: users.email, locale: users.locale })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new Error(`no user ${userId} to mail about a security change`);
  await deps.outbox.enqueue(tx, {
    kind: 'securityChanged',
    to: user.email,
    ...securityChangedMail(user.locale, change, {
      resetLink: `${publicUrl}${paths.forgotPassword}`,
      settingsLink: `${publicUrl}${paths.accountSettings}`,
    }),
  });
}
