import {
  apiPathTo,
  eventOfJob,
  GenerationEventSchema,
  isFinalEvent,
  type GenerationEvent,
} from '@pictura/contract';
import { ApiError, apiClient } from '../../../lib/api-client';
import { getGeneration } from '../api/get-generation';
import { createEventStreamParser } from './event-stream-parser';

/** How often the job is read when the progress stream is not available. */
export const POLL_INTERVAL_MS = 2_000;
// The server sends a heartbeat every 15 s: three missed ones mean the connection is dead even if
// no error arrived (a proxy or a sleeping laptop can leave a stream open and silent).
export const STREAM_IDLE_TIMEOUT_MS = 45_000;

export interface FollowOptions {
  signal: AbortSignal;
  onEvent: (event: GenerationEvent) => void;
  pollIntervalMs?: number;
  idleTimeoutMs?: number;
}

/**
 * Follows a generation until it is done or failed: first through its server-sent events, read from
 * a fetch() body because EventSource cannot send the Bearer header; the api client makes the call,
 * so a 401 refreshes the token and retries as for any call. When the stream cannot be opened, or
 * ends or goes silent before the last event, the job is read every two seconds instead.
 */
export async function followGeneration(jobId: string, options: FollowOptions): Promise<void> {
  const { signal } = options;
  try {
    if (await streamEvents(jobId, options)) return;
  } catch (error) {
    if (signal.aborted) return;
    // A job the server does not know (or no longer lets this user see) will not appear by polling.
    if (error instanceof ApiError && error.status === 404) return;
  }
  await poll(jobId, options);
}

/** True when the stream delivered the final event; false when it ended or stalled before. */
async function streamEvents(
  jobId: string,
  { signal, onEvent, idleTimeoutMs = STREAM_IDLE_TIMEOUT_MS }: FollowOptions,
): Promise<boolean> {
  const stalled = new AbortController();
  const abort = () => stalled.abort();
  signal.addEventListener('abort', abort);
  let idle: ReturnType<typeof setTimeout> | undefined;
  const watch = () => {
    clearTimeout(idle);
    idle = setTimeout(abort, idleTimeoutMs);
  };

  let finished = false;
  const parser = createEventStreamParser(({ event, data }) => {
    if (finished) return;
    let parsed: ReturnType<typeof GenerationEventSchema.safeParse>;
    try {
      parsed = GenerationEventSchema.safeParse(JSON.parse(data));
    } catch {
      return;
    }
    // An event this page does not understand is skipped; the next ones still count.
    if (!parsed.success || parsed.data.type !== event) return;
    onEvent(parsed.data);
    finished = isFinalEvent(parsed.data);
  });

  try {
    watch();
    await apiClient.request(apiPathTo.generatedImageEvents(jobId), {
      headers: { Accept: 'text/event-stream' },
      signal: stalled.signal,
      parse: async (response) => {
        const reader = response.body?.getReader();
        if (!reader) return;
        const decoder = new TextDecoder();
        // fetch() ties the body to the signal too, but a pending read must end in any case.
        const stop = () => void reader.cancel().catch(() => undefined);
        stalled.signal.addEventListener('abort', stop);
        try {
          while (!finished) {
            const { done, value } = await reader.read();
            if (done) break;
            watch();
            parser.push(decoder.decode(value, { stream: true }));
          }
          parser.end();
        } finally {
          stalled.signal.removeEventListener('abort', stop);
          // Stops the download when the last event came before the server closed the stream.
          await reader.cancel().catch(() => undefined);
        }
      },
    });
    return finished;
  } catch (error) {
    if (finished) return true;
    if (signal.aborted || !stalled.signal.aborted) throw error;
    return false;
  } finally {
    clearTimeout(idle);
    signal.removeEventListener('abort', abort);
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}

async function poll(
  jobId: string,
  { signal, onEvent, pollIntervalMs = POLL_INTERVAL_MS }: FollowOptions,
): Promise<void> {
  while (!signal.aborted) {
    try {
      const event = eventOfJob(await getGeneration(jobId, signal));
      if (signal.aborted) return;
      onEvent(event);
      if (isFinalEvent(event)) return;
    } catch (error) {
      if (signal.aborted) return;
      // Other refusals will not change by asking again; network trouble, 429 and 5xx may.
      const status = error instanceof ApiError ? error.status : null;
      if (status !== null && status >= 400 && status < 500 && status !== 429) return;
    }
    await sleep(pollIntervalMs, signal);
  }
}
