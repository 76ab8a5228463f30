import type { AppConfig } from '../../config.js';
import type { Database } from '../../infra/db/index.js';
import { createMailer, type Mailer } from '../../infra/mail/index.js';
import { createJobQueue, type QueueLogger } from '../../infra/queue/index.js';
import { deriveKey } from '../../infra/secret.js';
import { createMailOutbox, MAIL_QUEUE, type MailOutbox, type MailRetryPolicy } from './outbox.js';
import { createMailSender, type MailAttachmentSources, type MailDeliveryHooks } from './sender.js';

/** Settings tests shorten; production runs with the defaults. */
export interface MailTuning {
  /** Defaults to the transport the configuration selects (SMTP_URL, else DATA_DIR/outbox). */
  transport?: Mailer;
  pollingIntervalMs?: number;
  retryLimit?: number;
  retryDelaySeconds?: number;
}

export interface MailRuntime {
  readonly outbox: MailOutbox;
  /** Stops this process's senders (a mail being handed over finishes first), then the transport. */
  stop(): Promise<void>;
}

/**
 * About a day of tries: pg-boss waits retryDelay × 2^(n-1) × (1 to 2) seconds before retry n, so
 * 11 retries from 30 s end 17 to 34 hours after the first attempt (the last waits are 4 to 17 h).
 */
const MAIL_RETRIES: MailRetryPolicy = { retryLimit: 11, retryDelaySeconds: 30 };
const POLLING_INTERVAL_MS = 1_000;
// One mail at a time per process: mails are few, and every idle sender polls the database.
const SENDERS_PER_PROCESS = 1;

/**
 * Starts mail's side of the job queue: the outbox every process writes to, and, when `runWorkers`
 * (WORKER=1, or the worker process), the senders that hand queued mail to the transport.
 */
export async function startMailRuntime(options: {
  config: Pick<AppConfig, 'smtpUrl' | 'mailFrom' | 'dataDir'>;
  database: Database;
  /** The data key (modules/keys): the sealing key is derived from it; every process has the same. */
  secret: string;
  log: QueueLogger;
  runWorkers: boolean;
  hooks: MailDeliveryHooks;
  /** What each kind of mail carries as files, made when it is sent. */
  attachments?: MailAttachmentSources;
  tuning?: MailTuning;
}): Promise<MailRuntime> {
  const { config, database, secret, log, runWorkers, hooks, attachments, tuning = {} } = options;
  const key = deriveKey(secret, 'mail-outbox');
  const queue = createJobQueue(database, { log, maintenance: runWorkers });
  await queue.start();
  await queue.createQueue(MAIL_QUEUE);
  const outbox = createMailOutbox({
    queue,
    key,
    retries: {
      retryLimit: tuning.retryLimit ?? MAIL_RETRIES.retryLimit,
      retryDelaySeconds: tuning.retryDelaySeconds ?? MAIL_RETRIES.retryDelaySeconds,
    },
  });

  let transport: Mailer | undefined;
  if (runWorkers) {
    transport = tuning.transport ?? createMailer(config);
    queue.work(
      MAIL_QUEUE,
      {
        concurrency: SENDERS_PER_PROCESS,
        pollingIntervalMs: tuning.pollingIntervalMs ?? POLLING_INTERVAL_MS,
      },
      createMailSender({ db: database.db, transport, key, hooks, attachments, log }),
    );
  }

  return {
    outbox,
    async stop() {
      await queue.stop();
      await transport?.close();
    },
  };
}
