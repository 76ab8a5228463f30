/** Runs the tasks given to it with at most `concurrency` of them at a time, in the order given. */
export function createLimiter(concurrency: number): <T>(task: () => Promise<T>) => Promise<T> {
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new RangeError(`concurrency must be a whole number of at least 1, not ${concurrency}`);
  }
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    // A finishing task hands its slot straight to the next waiting one, so that a task arriving in
    // between cannot take it as well.
    if (running < concurrency) running += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}
