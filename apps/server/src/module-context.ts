import type { AppConfig } from './config.js';
import type { RenderReads } from './http/render-reads.js';
import type { Database } from './infra/db/index.js';
import type { FileStorage } from './infra/storage/index.js';
import type { Argon2Cost } from './modules/accounts/index.js';
import type { GenerationTuning } from './modules/generation/index.js';
import type { Idempotency } from './modules/idempotency/index.js';
import type { ServerKeys } from './modules/keys/index.js';
import type { MailOutbox } from './modules/mail/index.js';

/**
 * What the app makes once per process and hands to every module's plugin (`module.ts`); each
 * module takes the parts it needs. What one module offers another goes through its index.ts, or,
 * for a live service such as payments, through a Fastify decorator its plugin declares.
 */
export interface ModuleContext {
  config: AppConfig;
  database: Database;
  storage: FileStorage;
  /** The signing secret (JWT_SECRET, infra/secret.ts): each use derives its own key from it. */
  secret: string;
  /** The signing secrets and the data key (modules/keys): data at rest is keyed from `data`. */
  keys: ServerKeys;
  /** Mail goes out through the outbox table, in the transaction of what it tells of. */
  outbox: MailOutbox;
  /** The one Idempotency-Key store the money-moving POSTs share. */
  idempotency: Idempotency;
  /** Where a module offers the server render its API answers without a request (render-reads.ts). */
  renderReads: RenderReads;
  /** Settings tests shorten; production leaves them unset. */
  tuning: { generation?: GenerationTuning; passwordHashing?: Argon2Cost };
}
