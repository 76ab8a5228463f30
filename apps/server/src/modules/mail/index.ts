// The mail module's public face: the outbox every mail goes through, sent by the job worker.
export { mailOutbox, MAIL_KINDS, type MailKind, type MailStatus } from './schema.js';
export { MAIL_QUEUE, type MailOutbox, type OutboxMail } from './outbox.js';
export type {
  MailAttachmentSource,
  MailAttachmentSources,
  MailDeliveryHook,
  MailDeliveryHooks,
} from './sender.js';
export { startMailRuntime, type MailRuntime, type MailTuning } from './runtime.js';
