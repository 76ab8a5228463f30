import { describe, expect, it } from 'vitest';
import { createRefreshedValue } from './refreshed-value.js';

/** A build whose calls are counted and whose results the test resolves by hand. */
function manualBuilds() {
  const pending: ((value: number) => void)[] = [];
  let calls = 0;
  const build = () => {
    calls += 1;
    return new Promise<number>((resolve) => pending.push(resolve));
  };
  return { build, pending, calls: () => calls };
}

describe('createRefreshedValue', () => {
  it('builds once for concurrent callers', async () => {
    const value = createRefreshedValue<number>({ ttlMs: 1_000, now: () => 0 });
    const { build, pending, calls } = manualBuilds();
    const both = Promise.all([value.get(build), value.get(build)]);
    pending[0]!(1);

    expect(await both).toEqual([1, 1]);
    expect(calls()).toBe(1);
  });

  it('serves the old value while rebuilding after its time to live, then the new one', async () => {
    let time = 0;
    const value = createRefreshedValue<number>({ ttlMs: 1_000, now: () => time });
    const { build, pending, calls } = manualBuilds();
    const first = value.get(build);
    pending[0]!(1);
    await first;

    time = 1_000;
    expect(await value.get(build)).toBe(1);
    expect(await value.get(build)).toBe(1);
    expect(calls()).toBe(2);
    pending[1]!(2);
    await new Promise((resolve) => setTimeout(resolve, 0));

    expect(await value.get(build)).toBe(2);
  });

  it('after clear, waits for a new build and never takes one begun before', async () => {
    let time = 0;
    const value = createRefreshedValue<number>({ ttlMs: 1_000, now: () => time });
    const { build, pending } = manualBuilds();
    const first = value.get(build);
    pending[0]!(1);
    await first;
    time = 1_000;
    await value.get(build); // a refresh begins

    value.clear();
    const after = value.get(build);
    pending[1]!(2); // the refresh begun before the change
    pending[2]!(3);

    expect(await after).toBe(3);
    expect(await value.get(build)).toBe(3);
  });

  it('forgets a failed build, so the next caller builds again', async () => {
    const value = createRefreshedValue<number>({ ttlMs: 1_000, now: () => 0 });
    await expect(value.get(() => Promise.reject(new Error('down')))).rejects.toThrow('down');

    expect(await value.get(() => Promise.resolve(4))).toBe(4);
  });
});
