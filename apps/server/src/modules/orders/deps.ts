import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../infra/db/index.js';
import type { FileStorage } from '../../infra/storage/index.js';
import type { Mailer } from '../../infra/mail/index.js';
import type { BackgroundTasks } from '../accounts/index.js';
import type { GiftCardKeys } from '../gift-cards/index.js';
import type { PaymentsService } from '../payments/index.js';

/** What the orders module's services work with; made once by module.ts. */
export interface OrdersDeps {
  readonly db: Db;
  readonly config: Pick<AppConfig, 'publicUrl' | 'publicUrlSet' | 'port'>;
  readonly payments: PaymentsService;
  readonly giftCardKeys: GiftCardKeys;
  readonly storage: FileStorage;
  readonly mailer: Mailer;
  /** Mails go out after the answer (and after the commit that made what they tell). */
  readonly tasks: BackgroundTasks;
  readonly log: FastifyBaseLogger;
}
