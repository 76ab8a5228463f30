import nodemailer from 'nodemailer';
import type { Mailer, MailMessage } from './mailer.js';

// nodemailer's defaults are 2 minutes to connect and 10 minutes of silence: a relay that accepts the
// connection and never answers would hold a mail worker (and a shutdown) that long.
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * Whether the transport refused a mail for good: an SMTP 5xx (unknown recipient, refused login)
 * comes back the same every time. Anything else (a 4xx such as 421 too busy, a relay that cannot be
 * reached or goes silent, a full disk) may pass later, so the outbox tries again.
 */
export function isPermanentMailRefusal(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const { responseCode } = err as { responseCode?: unknown };
  return typeof responseCode === 'number' && responseCode >= 500;
}

/**
 * The production transport: SMTP through nodemailer, configured by one URL
 * (`smtp://user:pass@host:587`). One attempt per call: the mail outbox (modules/mail) retries.
 */
export function createSmtpMailer(options: { url: string; from: string }): Mailer {
  const transport = nodemailer.createTransport({ url: options.url, ...TIMEOUTS });
  return {
    async send(message: MailMessage): Promise<void> {
      await transport.sendMail({
        ...message,
        attachments: message.attachments?.map((file) => ({ ...file })),
        from: options.from,
      });
    },
    async close(): Promise<void> {
      transport.close();
    },
  };
}
