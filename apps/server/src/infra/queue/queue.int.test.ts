import { randomUUID } from 'node:crypto';
import { afterEach, expect, it } from 'vitest';
import { describeEachEngine, until } from '../../test/index.js';
import { createJobQueue, type JobQueue } from './index.js';

const quiet = { error() {}, warn() {} };

describeEachEngine('the job queue (pg-boss on our database)', (ctx) => {
  const queues: JobQueue[] = [];
  afterEach(async () => {
    await Promise.all(queues.splice(0).map((queue) => queue.stop()));
  });

  async function startQueue(name: string): Promise<JobQueue> {
    const queue = createJobQueue(ctx.database, { log: quiet, maintenance: false });
    queues.push(queue);
    await queue.start();
    await queue.createQueue(name);
    return queue;
  }

  const options = (id: string) => ({
    id,
    retryLimit: 1,
    retryDelaySeconds: 60,
    expireInSeconds: 60,
  });

  it('queues a job sent inside a transaction only if that transaction commits', async () => {
    const queue = await startQueue('tx-test');
    const kept = randomUUID();
    const dropped = randomUUID();

    await ctx.database.db.transaction((tx) => queue.send('tx-test', { n: 1 }, options(kept), tx));
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await queue.send('tx-test', { n: 2 }, options(dropped), tx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');

    expect(await queue.stateOf('tx-test', kept)).toBe('created');
    expect(await queue.stateOf('tx-test', dropped)).toBeNull();
  });

  it('hands jobs to a worker, and records a job aborted by stop as a failed attempt to retry', async () => {
    const queue = await startQueue('work-test');
    const done: unknown[] = [];
    let stopped: unknown;
    queue.work<{ n: number }>(
      'work-test',
      { concurrency: 1, pollingIntervalMs: 50 },
      async (job, signal) => {
        if (job.data.n === 1) {
          done.push(job.data);
          return;
        }
        await new Promise((_resolve, reject) => {
          signal.addEventListener('abort', () => {
            stopped = signal.reason;
            reject(signal.reason as Error);
          });
        });
      },
    );
    const first = randomUUID();
    const second = randomUUID();
    await queue.send('work-test', { n: 1 }, options(first));
    await queue.send('work-test', { n: 2 }, options(second));
    const deadline = Date.now() + 5_000;
    while ((await queue.stateOf('work-test', second)) !== 'active' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    await queue.stop();

    expect(done).toEqual([{ n: 1 }]);
    expect(await queue.stateOf('work-test', first)).toBe('completed');
    expect((stopped as Error).name).toBe('QueueStoppingError');
    expect(await queue.stateOf('work-test', second)).toBe('retry');
  });

  it('runs a job at once when told of it before its transaction commits, not a polling pause later', async () => {
    const queue = await startQueue('notice-test');
    const handled: string[] = [];
    // A pause far longer than the test may wait: only the notice can bring the job in time.
    queue.work('notice-test', { concurrency: 1, pollingIntervalMs: 600_000 }, async (job) => {
      handled.push(job.id);
    });
    const id = randomUUID();

    await ctx.database.db.transaction(async (tx) => {
      await queue.send('notice-test', {}, options(id), tx);
      // As the mail outbox does: the notice goes out while the transaction is still open.
      queue.notify('notice-test');
      await new Promise((resolve) => setTimeout(resolve, 100));
    });

    expect(await until('the job handled', async () => handled[0], 10_000)).toBe(id);
  });

  it('lets processes that start together create the same queues without failing', async () => {
    // Every API and worker process creates its queues at start; started together on an empty
    // database, pg-boss's create_queue of one can deadlock against another's.
    const starters = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const queue = createJobQueue(ctx.database, { log: quiet, maintenance: false });
        queues.push(queue);
        await queue.start();
        return queue;
      }),
    );
    const names = Array.from({ length: 6 }, () => `race-${randomUUID()}`);

    await Promise.all(
      starters.map(async (queue) => {
        for (const name of names) await queue.createQueue(name);
      }),
    );

    for (const name of names) {
      await starters[0]!.send(name, {}, options(randomUUID()));
    }
  });
});
