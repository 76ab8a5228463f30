import type { Locale } from '@pictura/contract';
import {
  escapeHtml,
  htmlDocument,
  link,
  paragraph,
  type MailMessage,
} from '../../infra/mail/index.js';

type MailContent = Omit<MailMessage, 'to'>;

interface ReadyTexts {
  subject: string;
  body: string;
  linkLabel: string;
  rules: (days: number) => string;
}

const READY: Record<Locale, ReadyTexts> = {
  en: {
    subject: 'Your Pictura data is ready to download',
    body: 'The copy of your data you asked for is ready: one ZIP file with everything Pictura holds about you and your pictures.',
    linkLabel: 'Sign in and download it from your account settings:',
    rules: (days) =>
      `Only you can download it, signed in to your account, for ${days} days; then the file is deleted. You can ask for a new copy in account settings at any time.`,
  },
  es: {
    subject: 'Tus datos de Pictura están listos para descargar',
    body: 'La copia de tus datos que pediste está lista: un archivo ZIP con todo lo que Pictura guarda sobre ti y tus imágenes.',
    linkLabel: 'Inicia sesión y descárgalo en los ajustes de tu cuenta:',
    rules: (days) =>
      `Solo tú puedes descargarlo, con la sesión iniciada en tu cuenta, durante ${days} días; después el archivo se borra. Puedes pedir una copia nueva en los ajustes de la cuenta cuando quieras.`,
  },
  ja: {
    subject: 'Pictura のデータのダウンロード準備ができました',
    body: 'ご依頼のデータのコピーができました。Pictura が保有するお客様に関するすべての情報と画像を1つの ZIP ファイルにまとめています。',
    linkLabel: 'サインインして、アカウント設定からダウンロードしてください:',
    rules: (days) =>
      `ダウンロードできるのは、ご自身のアカウントにサインインしたお客様だけです。期間は${days}日間で、その後ファイルは削除されます。新しいコピーはアカウント設定からいつでも依頼できます。`,
  },
};

/** The mail that a data export is ready, linking to account settings (not to the file). */
export function dataExportReadyMail(
  locale: Locale,
  details: { link: string; days: number },
): MailContent {
  const texts = READY[locale];
  const rules = texts.rules(details.days);
  return {
    subject: texts.subject,
    text: [texts.body, `${texts.linkLabel}\n${details.link}`, rules].join('\n\n'),
    html: htmlDocument(
      locale,
      texts.subject,
      paragraph(escapeHtml(texts.body)) +
        paragraph(`${escapeHtml(texts.linkLabel)}<br>${link(details.link)}`) +
        paragraph(escapeHtml(rules)),
    ),
  };
}
