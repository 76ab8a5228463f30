import type {
  GenerationEvent,
  GenerationJob,
  GenerationJobList,
  GenerationPriceList,
} from '@pictura/contract';

/**
 * Test data and a controllable progress stream for the generation pages' component tests, used
 * with the fake API of features/checkout/testing (its `on` replaces any answer).
 */

export const JOB_ID = '7b0e6f43-2d5c-4c59-9a53-4f1f0d6c1a01';

/**
 * The server's list: standard 1.99 to 6.99 EUR, high about twice that; USD a little more. Painted
 * by a remote provider here; tests that want the demo generator say so.
 */
export const PRICE_LIST: GenerationPriceList = {
  generator: 'openai',
  prices: [
    ...[199, 379, 549, 699].map((price, index) => ({
      quality: 'standard' as const,
      count: index + 1,
      currency: 'EUR' as const,
      price,
    })),
    ...[399, 759, 1099, 1399].map((price, index) => ({
      quality: 'high' as const,
      count: index + 1,
      currency: 'EUR' as const,
      price,
    })),
    ...[219, 419, 599, 769].map((price, index) => ({
      quality: 'standard' as const,
      count: index + 1,
      currency: 'USD' as const,
      price,
    })),
  ],
};

export function job(change: Partial<GenerationJob> = {}): GenerationJob {
  return {
    id: JOB_ID,
    prompt: 'A lighthouse at dusk',
    negativePrompt: null,
    style: 'Vintage',
    orientation: 'Horizontal',
    quality: 'standard',
    count: 2,
    currency: 'EUR',
    price: 379,
    status: 'queued',
    progress: 0,
    queuePosition: 1,
    error: null,
    createdAt: new Date(Date.UTC(2025, 4, 6)).toISOString(),
    finishedAt: null,
    pictures: [],
    ...change,
  };
}

/** The job once painted, with its pictures and their owner-only addresses. */
export function doneJob(change: Partial<GenerationJob> = {}): GenerationJob {
  const base = job(change);
  return {
    ...base,
    status: 'succeeded',
    progress: 100,
    queuePosition: null,
    finishedAt: new Date(Date.UTC(2025, 4, 6, 0, 1)).toISOString(),
    pictures: Array.from({ length: base.count }, (_, index) => ({
      n: index + 1,
      width: 1024,
      height: 683,
      placeholder: 'data:image/webp;base64,UklGRg==',
      previewUrl: `/api/generated-images/${base.id}/images/${index + 1}`,
      downloadUrl: `/api/generated-images/${base.id}/images/${index + 1}/download`,
    })),
    ...change,
  };
}

export const list = (
  items: GenerationJob[],
  nextBefore: string | null = null,
): GenerationJobList => ({
  items,
  nextBefore,
});

export interface FakeEventStream {
  response: Response;
  send(event: GenerationEvent): void;
  /** A heartbeat comment, which must change nothing. */
  heartbeat(): void;
  /** The server ends the stream (after the last event, or early when it breaks). */
  close(): void;
  /** The connection fails in the middle. */
  fail(): void;
}

/** A text/event-stream answer whose events the test sends one at a time. */
export function fakeEventStream(): FakeEventStream {
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const body = new ReadableStream<Uint8Array>({
    start(start) {
      controller = start;
    },
  });
  const write = (text: string) => controller?.enqueue(encoder.encode(text));
  return {
    response: new Response(body, {
      status: 200,
      headers: { 'Content-Type': 'text/event-stream; charset=utf-8' },
    }),
    send: (event) => write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`),
    heartbeat: () => write(': keep-alive\n\n'),
    close: () => controller?.close(),
    fail: () => controller?.error(new TypeError('network error')),
  };
}
