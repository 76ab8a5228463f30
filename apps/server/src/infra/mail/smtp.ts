import nodemailer from 'nodemailer';
import type { Mailer, MailMessage } from './mailer.js';

/** The production mailer: SMTP through nodemailer, configured by one URL (`smtp://user:pass@host:587`). */
export function createSmtpMailer(options: { url: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(options.url);
  let closed = false;

  return {
    async send(message: MailMessage): Promise<void> {
      await transport.sendMail({ ...message, from: options.from });
    },
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      transport.close();
    },
  };
}
