import type { AppConfig } from './config.js';
import type { Database } from './infra/db/index.js';
import type { QueueLogger } from './infra/queue/index.js';
import { startMailRuntime, type MailRuntime, type MailTuning } from './modules/mail/index.js';
import { creditNoteAttachment, receiptAttachment } from './modules/receipts/index.js';
import { ticketReplyDelivery } from './modules/support/index.js';

/**
 * Mail as the API and the worker process both start it: the outbox, its senders where workers run,
 * what each module records when one of its mails went out (in the same transaction), and the
 * files some mails carry (a receipt's or a credit note's PDF).
 */
export function startMailDelivery(options: {
  config: Pick<AppConfig, 'smtpUrl' | 'mailFrom' | 'dataDir' | 'publicUrl'>;
  database: Database;
  secret: string;
  log: QueueLogger;
  runWorkers: boolean;
  tuning?: MailTuning;
}): Promise<MailRuntime> {
  const receipt = receiptAttachment(options.config);
  return startMailRuntime({
    ...options,
    hooks: { ticketReply: ticketReplyDelivery },
    attachments: {
      orderPaid: receipt,
      depositCredited: receipt,
      creditNote: creditNoteAttachment(options.config),
    },
  });
}
