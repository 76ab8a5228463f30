import { EventEmitter } from 'node:events';

/** What a job's runner tells the progress streams of this process. */
export type JobSignal =
  | { type: 'progress'; percent: number }
  /** The status changed (running, back in the queue, succeeded, failed, cancelled): read the row. */
  | { type: 'changed' };

/**
 * In-process news of jobs, so that a progress stream served by the process running the job moves
 * at once. Streams also read the job row every second: a job run by another worker process only
 * shows up that way.
 */
export class JobEvents {
  private readonly emitter = new EventEmitter();

  constructor() {
    // One listener per open stream; many streams may follow one job.
    this.emitter.setMaxListeners(0);
  }

  publish(jobId: string, signal: JobSignal): void {
    this.emitter.emit(jobId, signal);
  }

  /** Returns the unsubscribe function. */
  subscribe(jobId: string, listener: (signal: JobSignal) => void): () => void {
    this.emitter.on(jobId, listener);
    return () => this.emitter.off(jobId, listener);
  }
}
