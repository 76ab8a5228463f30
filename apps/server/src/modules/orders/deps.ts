import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../infra/db/index.js';
import type { JobQueue } from '../../infra/queue/index.js';
import type { FileStorage } from '../../infra/storage/index.js';
import type { GiftCardKeys } from '../gift-cards/index.js';
import type { MailOutbox } from '../mail/index.js';
import type { PaymentsService } from '../payments/index.js';

/** What the orders module's services work with; made once by module.ts. */
export interface OrdersDeps {
  readonly db: Db;
  readonly config: Pick<
    AppConfig,
    'publicUrl' | 'publicUrlSet' | 'port' | 'shop' | 'dataDir' | 'c2pa' | 'imageGeneration'
  >;
  readonly payments: PaymentsService;
  readonly giftCardKeys: GiftCardKeys;
  readonly storage: FileStorage;
  /** Paid orders' files are queued for making in the transaction that fulfils them. */
  readonly deliveries: JobQueue;
  /** Mails are queued in the transaction of what they tell. */
  readonly outbox: MailOutbox;
  readonly log: FastifyBaseLogger;
}
