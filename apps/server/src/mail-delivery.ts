import type { AppConfig } from './config.js';
import type { Database } from './infra/db/index.js';
import type { QueueLogger } from './infra/queue/index.js';
import { startMailRuntime, type MailRuntime, type MailTuning } from './modules/mail/index.js';
import { ticketReplyDelivery } from './modules/support/index.js';

/**
 * Mail as the API and the worker process both start it: the outbox, its senders where workers run,
 * and what each module records when one of its mails went out (in the same transaction).
 */
export function startMailDelivery(options: {
  config: Pick<AppConfig, 'smtpUrl' | 'mailFrom' | 'dataDir'>;
  database: Database;
  secret: string;
  log: QueueLogger;
  runWorkers: boolean;
  tuning?: MailTuning;
}): Promise<MailRuntime> {
  return startMailRuntime({ ...options, hooks: { ticketReply: ticketReplyDelivery } });
}
