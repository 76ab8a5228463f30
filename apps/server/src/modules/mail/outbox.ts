import { randomUUID } from 'node:crypto';
import type { Db } from '../../infra/db/index.js';
import type { MailMessage } from '../../infra/mail/index.js';
import type { JobQueue } from '../../infra/queue/index.js';
import { seal } from '../../infra/seal.js';
import { mailOutbox, type MailKind } from './schema.js';

/** The queue of mails to send; its job's data is only the outbox row's id. */
export const MAIL_QUEUE = 'mail';

export interface MailJobData {
  readonly mailId: string;
}

/** How long the worker keeps trying a mail the transport cannot take now. */
export interface MailRetryPolicy {
  readonly retryLimit: number;
  readonly retryDelaySeconds: number;
}

export interface OutboxMail extends MailMessage {
  readonly kind: MailKind;
  /** What the kind's delivery hook updates once the mail is sent (see MailDeliveryHooks). */
  readonly reference?: string;
}

/** Queues mail for the job worker (modules/mail). */
export interface MailOutbox {
  /**
   * Writes the mail, its body sealed, and its job in `tx`: the mail exists, and goes out, only if the
   * transaction that made its event commits.
   */
  enqueue(tx: Db, mail: OutboxMail): Promise<void>;
}

/** The sealed body: text and HTML together, bound to the row's id. */
export const sealBody = (key: Uint8Array, mailId: string, mail: MailMessage): string =>
  seal(key, mailId, JSON.stringify({ text: mail.text, html: mail.html }));

// An attempt is one SMTP conversation: connect and greeting 10 s each, 30 s of silence at most.
const ATTEMPT_SECONDS = 120;

export function createMailOutbox(options: {
  queue: JobQueue;
  /** Derived for `mail-outbox` (infra/secret.ts). */
  key: Uint8Array;
  retries: MailRetryPolicy;
}): MailOutbox {
  const { queue, key, retries } = options;
  return {
    async enqueue(tx, mail) {
      const id = randomUUID();
      await tx.insert(mailOutbox).values({
        id,
        kind: mail.kind,
        reference: mail.reference ?? null,
        recipient: mail.to,
        subject: mail.subject,
        bodySealed: sealBody(key, id, mail),
      });
      const data: MailJobData = { mailId: id };
      await queue.send(
        MAIL_QUEUE,
        data,
        {
          id,
          retryLimit: retries.retryLimit,
          retryDelaySeconds: retries.retryDelaySeconds,
          expireInSeconds: ATTEMPT_SECONDS,
        },
        tx,
      );
      // Wakes an idle sender of this process. On PGlite its fetch waits for this transaction; on
      // PostgreSQL it may run before the commit and miss the job, which the looks that follow a
      // notice (worker-loop.ts) then find.
      setImmediate(() => queue.notify(MAIL_QUEUE));
    },
  };
}
