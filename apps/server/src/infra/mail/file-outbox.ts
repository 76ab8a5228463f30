import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Mailer, MailMessage } from './mailer.js';

/** A sortable, unique name: the time it was written and some randomness. */
const outboxFileName = (): string =>
  `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;

/**
 * The embedded mailer: each message becomes an RFC 822 `.eml` file in `outboxDir`, which any mail
 * client opens. nodemailer's stream transport builds exactly the message SMTP would send.
 */
export function createFileOutboxMailer(options: { outboxDir: string; from: string }): Mailer {
  // CRLF line ends, as on the wire: mail clients and parsers expect them in .eml files.
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'windows',
  });

  return {
    async send(message: MailMessage): Promise<void> {
      const info = await transport.sendMail({
        ...message,
        attachments: message.attachments?.map((file) => ({ ...file })),
        from: options.from,
      });
      // Mails hold reset codes: only the server's user may read them.
      await mkdir(options.outboxDir, { recursive: true, mode: 0o700 });
      await writeFile(join(options.outboxDir, outboxFileName()), info.message, {
        mode: 0o600,
        flag: 'wx',
      });
    },
    async close(): Promise<void> {
      transport.close();
    },
  };
}
