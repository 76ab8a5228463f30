import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiPathTo, type GenerationEvent } from '@pictura/contract';
import { doneJob, fakeEventStream, job, JOB_ID } from '../testing/fake-generation';
import { followGeneration } from './follow-generation';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let answers: Record<string, () => Response>;
let calls: string[];

beforeEach(() => {
  vi.useFakeTimers();
  answers = {};
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      calls.push(path);
      return answers[path]?.() ?? json(404, { errors: { '': 'Not found' } });
    }),
  );
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const eventsPath = apiPathTo.generatedImageEvents(JOB_ID);
const jobPath = apiPathTo.generatedImage(JOB_ID);
const kinds = (events: GenerationEvent[]) =>
  events.map((event) => (event.type === 'running' ? `running ${event.percent}` : event.type));

function follow(options: { idleTimeoutMs?: number } = {}) {
  const events: GenerationEvent[] = [];
  const controller = new AbortController();
  const done = followGeneration(JOB_ID, {
    signal: controller.signal,
    onEvent: (event) => events.push(event),
    ...options,
  });
  return { events, controller, done };
}

describe('followGeneration', () => {
  it('ends with the stream when the final event arrives, and never polls', async () => {
    const stream = fakeEventStream();
    answers[eventsPath] = () => stream.response;
    const { events, done } = follow();
    await vi.advanceTimersByTimeAsync(0);
    stream.send({ type: 'running', id: JOB_ID, percent: 20 });
    stream.send({ type: 'done', id: JOB_ID, job: doneJob() });
    await done;
    expect(kinds(events)).toEqual(['running 20', 'done']);
    expect(calls).toEqual([eventsPath]);
  });

  it('polls every two seconds after the stream ends early, until the job has finished', async () => {
    const stream = fakeEventStream();
    answers[eventsPath] = () => stream.response;
    const polled = [json(200, job({ status: 'running', progress: 60 })), json(200, doneJob())];
    answers[jobPath] = () => polled.shift() ?? json(500, {});
    const { events, done } = follow();
    await vi.advanceTimersByTimeAsync(0);
    stream.send({ type: 'running', id: JOB_ID, percent: 50 });
    stream.close();
    await vi.advanceTimersByTimeAsync(0);
    expect(kinds(events)).toEqual(['running 50', 'running 60']);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(calls.filter((path) => path === jobPath)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(kinds(events)).toEqual(['running 50', 'running 60', 'done']);
    expect(calls.filter((path) => path === jobPath)).toHaveLength(2);
  });

  it('polls when the stream cannot be opened, and keeps polling through a server error', async () => {
    answers[eventsPath] = () => json(503, {});
    const polled = [json(500, {}), json(200, job({ status: 'failed', error: 'Broke.' }))];
    answers[jobPath] = () => polled.shift() ?? json(500, {});
    const { events, done } = follow();
    await vi.advanceTimersByTimeAsync(2_000);
    await done;
    expect(events).toEqual([{ type: 'failed', id: JOB_ID, status: 'failed', message: 'Broke.' }]);
  });

  it('gives up a stream that stays silent past the heartbeats and polls instead', async () => {
    const stream = fakeEventStream();
    answers[eventsPath] = () => stream.response;
    answers[jobPath] = () => json(200, doneJob());
    const { events, done } = follow({ idleTimeoutMs: 1_000 });
    await vi.advanceTimersByTimeAsync(900);
    stream.heartbeat();
    await vi.advanceTimersByTimeAsync(900);
    expect(calls).toEqual([eventsPath]);
    await vi.advanceTimersByTimeAsync(200);
    await done;
    expect(kinds(events)).toEqual(['done']);
  });

  it('stops, and asks nothing more, when the page lets go of the job', async () => {
    answers[eventsPath] = () => json(503, {});
    answers[jobPath] = () => json(200, job({ status: 'running', progress: 10 }));
    const { controller, done } = follow();
    await vi.advanceTimersByTimeAsync(0);
    controller.abort();
    await done;
    const asked = calls.length;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toHaveLength(asked);
  });
});
