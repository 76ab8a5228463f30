import { join } from 'node:path';
import type { AppConfig } from '../../config.js';
import { createFileOutboxMailer } from './file-outbox.js';
import type { Mailer } from './mailer.js';
import { createSmtpMailer } from './smtp.js';

export type { Mailer, MailAttachment, MailMessage } from './mailer.js';
export { createFileOutboxMailer } from './file-outbox.js';
export { createSmtpMailer, isPermanentMailRefusal } from './smtp.js';
export { escapeHtml, htmlDocument, link, paragraph } from './markup.js';

/** The mail adapter the configuration asks for: SMTP when SMTP_URL is set, else DATA_DIR/outbox. */
export function createMailer(config: Pick<AppConfig, 'smtpUrl' | 'mailFrom' | 'dataDir'>): Mailer {
  return config.smtpUrl
    ? createSmtpMailer({ url: config.smtpUrl, from: config.mailFrom })
    : createFileOutboxMailer({ outboxDir: outboxDir(config), from: config.mailFrom });
}

/** Where the file outbox writes. */
export const outboxDir = (config: Pick<AppConfig, 'dataDir'>): string =>
  join(config.dataDir, 'outbox');
