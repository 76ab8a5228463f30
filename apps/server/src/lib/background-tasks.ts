import type { FastifyBaseLogger } from 'fastify';

/**
 * Work that must not hold up a response (sending mail; the whole forgot-password lookup, so that its
 * answer takes the same time for every email). Failures are logged; `drain` waits for what is under
 * way, so that closing the app does not cut a mail off.
 */
export class BackgroundTasks {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  run(description: string, task: () => Promise<void>): void {
    // Started on a later tick: the response goes out first, and a synchronous throw is caught too.
    const running: Promise<void> = Promise.resolve()
      .then(task)
      .catch((err: unknown) => this.log.error({ err }, `${description} failed`))
      .finally(() => this.pending.delete(running));
    this.pending.add(running);
  }

  async drain(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }
}
