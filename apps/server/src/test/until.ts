/**
 * Polls `check` until it answers something other than undefined, for at most `timeoutMs`: how a test
 * waits for work done in the background (a mail sent by the job worker), without a fixed sleep.
 */
export async function until<T>(
  what: string,
  check: () => Promise<T | undefined>,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
