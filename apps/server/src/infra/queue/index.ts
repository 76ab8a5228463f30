// The durable job queue (docs/product/system.md): pg-boss on the app's own database, PGlite or
// PostgreSQL.
export {
  createJobQueue,
  type JobQueue,
  type JobQueueOptions,
  type JobState,
  type QueueLogger,
  type SendOptions,
  type WorkOptions,
} from './queue.js';
export {
  JobTimeoutError,
  QueueStoppingError,
  type JobHandler,
  type QueueJob,
} from './worker-loop.js';
