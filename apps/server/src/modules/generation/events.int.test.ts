import { afterEach, expect, it } from 'vitest';
import {
  apiPathTo,
  GenerationAcceptedSchema,
  GenerationEventSchema,
  type GenerationEvent,
} from '@pictura/contract';
import { bearer, describeEachEngine, signUp } from '../../test/index.js';
import {
  abandonUnfinishedJobs,
  fastTuning,
  GatedGenerator,
  submitGeneration,
  waitForJob,
} from '../../test/generation.js';
import { fundBalance } from '../../test/payments.js';

/** The events of a finished server-sent event stream, in order. */
function eventsOf(body: string): GenerationEvent[] {
  return body
    .split('\n\n')
    .filter((block) => block.startsWith('event: '))
    .map((block) => {
      const [eventLine = '', dataLine = ''] = block.split('\n');
      const event = GenerationEventSchema.parse(JSON.parse(dataLine.replace(/^data: /, '')));
      expect(eventLine).toBe(`event: ${event.type}`);
      return event;
    });
}

describeEachEngine('GET /api/generated-images/{id}/events', (ctx) => {
  afterEach(() => abandonUnfinishedJobs(ctx.database.db));

  it('streams queued with its position, running with percent, then done, from a worker elsewhere', async () => {
    // The API process runs no worker: what the stream shows comes from the job row.
    const api = await ctx.buildApp({ env: { WORKER: '0' }, generation: fastTuning() });
    const user = await signUp(api);
    await fundBalance(api, user, 1_000, 'EUR');
    const first = GenerationAcceptedSchema.parse((await submitGeneration(api, user)).json());
    const second = GenerationAcceptedSchema.parse((await submitGeneration(api, user)).json());

    const streaming = api.inject({
      method: 'GET',
      url: apiPathTo.generatedImageEvents(second.id),
      headers: bearer(user.accessToken),
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await api.inject({
      method: 'POST',
      url: apiPathTo.generatedImageCancel(first.id),
      headers: bearer(user.accessToken),
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const generator = new GatedGenerator();
    const worker = await ctx.buildApp({ generation: fastTuning({ generator }) });
    await waitForJob(api, user, second.id, (job) => job.status === 'running' && job.progress > 0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    generator.release();
    const response = await streaming;

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(response.headers['cache-control']).toBe('private, no-store, no-transform');
    expect(response.headers['x-accel-buffering']).toBe('no');
    expect(response.headers['x-request-id']).toBeTruthy();
    const events = eventsOf(response.body);
    expect(events[0]).toEqual({ type: 'queued', id: second.id, position: 2 });
    expect(events).toContainEqual({ type: 'queued', id: second.id, position: 1 });
    const running = events.filter((event) => event.type === 'running');
    expect(running.length).toBeGreaterThan(0);
    expect(running.at(-1)).toMatchObject({ percent: expect.any(Number) });
    expect(events.at(-1)).toMatchObject({
      type: 'done',
      id: second.id,
      job: { status: 'succeeded', pictures: [{ n: 1 }] },
    });
    await worker.close();
  });

  it('streams every step at once when this process runs the job', async () => {
    const generator = new GatedGenerator();
    const app = await ctx.buildApp({
      generation: fastTuning({ generator, streamPollIntervalMs: 60_000 }),
    });
    const user = await signUp(app);
    await fundBalance(app, user, 1_000, 'EUR');
    const { id } = GenerationAcceptedSchema.parse((await submitGeneration(app, user)).json());
    await generator.started;

    const streaming = await app.inject({
      method: 'GET',
      url: apiPathTo.generatedImageEvents(id),
      headers: bearer(user.accessToken),
      payloadAsStream: true,
    });
    // The stream listens to this process's news before it sends its first event: once that event
    // has arrived, every later step reaches the stream, however slowly the machine runs.
    const chunks = streaming.stream()[Symbol.asyncIterator]();
    let body = '';
    const readUntil = async (enough: () => boolean) => {
      while (!enough()) {
        const chunk = await chunks.next();
        if (chunk.done) return;
        body += String(chunk.value);
      }
    };
    await readUntil(() => body.includes('\n\n'));
    generator.release();
    await readUntil(() => false);
    const events = eventsOf(body);

    // With the row read once a minute, only this process's news can have moved the stream on:
    // the steps after the gate opened (the tiny generator's half-way and end).
    expect(events[0]).toMatchObject({ type: 'running', id });
    expect(
      events.filter((event) => event.type === 'running').map((event) => event.percent),
    ).toEqual(expect.arrayContaining([47, 95]));
    expect(events.at(-1)).toMatchObject({ type: 'done', id });
  });

  it('ends at once with the last event of a finished job, and refuses strangers with 404', async () => {
    const app = await ctx.buildApp({ env: { WORKER: '0' }, generation: fastTuning() });
    const user = await signUp(app);
    const stranger = await signUp(app);
    await fundBalance(app, user, 1_000, 'EUR');
    const { id } = GenerationAcceptedSchema.parse((await submitGeneration(app, user)).json());
    await app.inject({
      method: 'POST',
      url: apiPathTo.generatedImageCancel(id),
      headers: bearer(user.accessToken),
    });

    const response = await app.inject({
      method: 'GET',
      url: apiPathTo.generatedImageEvents(id),
      headers: bearer(user.accessToken),
    });
    expect(eventsOf(response.body)).toEqual([
      { type: 'failed', id, status: 'cancelled', message: expect.stringMatching(/Cancelled/) },
    ]);
    const refused = await app.inject({
      method: 'GET',
      url: apiPathTo.generatedImageEvents(id),
      headers: bearer(stranger.accessToken),
    });
    expect(refused.statusCode).toBe(404);
  });

  it('ends open streams when the server closes, so closing does not wait for them', async () => {
    const app = await ctx.buildApp({ env: { WORKER: '0' }, generation: fastTuning() });
    const user = await signUp(app);
    await fundBalance(app, user, 1_000, 'EUR');
    const { id } = GenerationAcceptedSchema.parse((await submitGeneration(app, user)).json());
    const address = await app.listen({ host: '127.0.0.1', port: 0 });

    const response = await fetch(`${address}${apiPathTo.generatedImageEvents(id)}`, {
      headers: bearer(user.accessToken),
    });
    const reader = response.body!.getReader();
    const firstChunk = new TextDecoder().decode((await reader.read()).value);
    const started = Date.now();
    await app.close();

    expect(firstChunk).toMatch(/^event: queued\n/);
    expect(Date.now() - started).toBeLessThan(2_000);
    // The rest of the stream ends instead of hanging.
    while (!(await reader.read()).done);
  });
});
