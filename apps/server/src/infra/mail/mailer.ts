/** One mail: both parts are always given, since clients that block HTML still show the text. */
export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

/** Sends mail (DESIGN section 2: a file outbox by default, SMTP in production). */
export interface Mailer {
  /** Resolves once the message is handed over (written to the outbox, accepted by the SMTP server). */
  send(message: MailMessage): Promise<void>;
  /** Releases connections; calling it again does nothing. */
  close(): Promise<void>;
}
