/** One mail: both parts are always given, since clients that block HTML still show the text. */
export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  readonly attachments?: readonly MailAttachment[];
}

/** A file sent with a mail, such as a receipt's PDF. */
export interface MailAttachment {
  readonly filename: string;
  readonly contentType: string;
  readonly content: Buffer;
}

/**
 * Hands mail over (docs/product/system.md: `.eml` files by default, SMTP in production). Modules do
 * not send through it: they queue mail in the outbox (modules/mail), whose job worker calls this.
 */
export interface Mailer {
  /** Resolves once the message is handed over (written to the outbox, accepted by the SMTP server). */
  send(message: MailMessage): Promise<void>;
  /** Releases connections; calling it again does nothing. */
  close(): Promise<void>;
}
