import { describe, expect, it } from 'vitest';
import { createLimiter } from './limiter.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('createLimiter', () => {
  it('never runs more tasks at once than allowed, and runs them all in order', async () => {
    const limit = createLimiter(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];

    const results = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        limit(async () => {
          started.push(index);
          running += 1;
          most = Math.max(most, running);
          await tick();
          running -= 1;
          return index * 2;
        }),
      ),
    );

    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(results).toEqual([0, 2, 4, 6, 8, 10, 12, 14, 16, 18]);
  });

  it('frees the slot of a task that fails', async () => {
    const limit = createLimiter(1);

    await expect(limit(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await limit(async () => 'next')).toBe('next');
  });

  it('refuses a concurrency below 1', () => {
    expect(() => createLimiter(0)).toThrow(RangeError);
  });
});
