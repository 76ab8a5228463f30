import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/index.js';
import {
  isPermanentMailRefusal,
  type MailAttachment,
  type Mailer,
} from '../../infra/mail/index.js';
import type { JobHandler, QueueLogger } from '../../infra/queue/index.js';
import { unseal } from '../../infra/seal.js';
import type { MailJobData } from './outbox.js';
import { mailOutbox, type MailKind, type MailOutboxRow } from './schema.js';

/** What a module records when one of its mails went out, in the transaction that marks it sent. */
export interface MailDeliveryHook {
  sent(tx: Db, reference: string): Promise<void>;
}
export type MailDeliveryHooks = Partial<Record<MailKind, MailDeliveryHook>>;

/**
 * The files a mail of one kind carries, made when it is sent from what its reference names (a
 * receipt's PDF), so the outbox keeps only the reference. Throwing tries the mail again later.
 */
export type MailAttachmentSource = (db: Db, reference: string) => Promise<MailAttachment[]>;
export type MailAttachmentSources = Partial<Record<MailKind, MailAttachmentSource>>;

/** The transport's refusal without anything of the mail: an SMTP answer or a network error code. */
function describeFailure(err: unknown): string {
  if (!(err instanceof Error)) return 'unknown error';
  const { responseCode, code } = err as { responseCode?: unknown; code?: unknown };
  const parts = [typeof responseCode === 'number' ? String(responseCode) : undefined];
  parts.push(typeof code === 'string' ? code : undefined, err.message.slice(0, 300));
  return parts.filter(Boolean).join(' ');
}

const openBody = (key: Uint8Array, row: MailOutboxRow): { text: string; html: string } | null => {
  const opened = row.bodySealed === null ? null : unseal(key, row.id, row.bodySealed);
  return opened === null ? null : (JSON.parse(opened) as { text: string; html: string });
};

/**
 * The mail queue's job: opens the sealed body, hands the mail to the transport, then marks it sent
 * and wipes the body in one transaction with the kind's delivery hook. A refusal the transport may not
 * repeat (4xx, network) throws, so pg-boss tries again with backoff; a 5xx refusal, the last attempt
 * or a body that no longer opens (the server secret changed) gives the mail up, wiping it too.
 * Delivery is at least once: a process dying between the hand-over and the commit sends it again.
 */
export function createMailSender(deps: {
  db: Db;
  transport: Mailer;
  key: Uint8Array;
  hooks: MailDeliveryHooks;
  attachments?: MailAttachmentSources;
  log: QueueLogger;
}): JobHandler<MailJobData> {
  const { db, transport, key, hooks, attachments = {}, log } = deps;

  async function settle(row: MailOutboxRow, outcome: 'sent' | 'failed', lastError: string | null) {
    await db.transaction(async (tx) => {
      const [settled] = await tx
        .update(mailOutbox)
        .set({
          status: outcome,
          bodySealed: null,
          attempts: sql`${mailOutbox.attempts} + 1`,
          lastError,
          ...(outcome === 'sent' ? { sentAt: new Date() } : {}),
        })
        .where(and(eq(mailOutbox.id, row.id), eq(mailOutbox.status, 'queued')))
        .returning({ id: mailOutbox.id });
      const hook = outcome === 'sent' ? hooks[row.kind] : undefined;
      if (settled && hook && row.reference !== null) await hook.sent(tx, row.reference);
    });
  }

  return async (job) => {
    const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, job.data.mailId));
    if (!row || row.status !== 'queued') return;
    const body = openBody(key, row);
    if (!body) {
      log.error({ mailId: row.id, kind: row.kind }, 'a queued mail could not be opened: given up');
      await settle(row, 'failed', 'the sealed body does not open with this server secret');
      return;
    }
    try {
      const source = row.reference === null ? undefined : attachments[row.kind];
      const files = source && row.reference !== null ? await source(db, row.reference) : [];
      await transport.send({
        to: row.recipient,
        subject: row.subject,
        ...body,
        ...(files.length > 0 ? { attachments: files } : {}),
      });
    } catch (err) {
      const lastError = describeFailure(err);
      if (isPermanentMailRefusal(err) || job.lastAttempt) {
        log.error(
          { mailId: row.id, kind: row.kind, attempt: job.attempt, lastError },
          'mail given up',
        );
        await settle(row, 'failed', lastError);
        return;
      }
      await db
        .update(mailOutbox)
        .set({ attempts: sql`${mailOutbox.attempts} + 1`, lastError })
        .where(eq(mailOutbox.id, row.id));
      log.warn(
        { mailId: row.id, kind: row.kind, attempt: job.attempt, lastError },
        'mail not sent yet: it will be tried again',
      );
      throw err;
    }
    await settle(row, 'sent', null);
  };
}
