import { describe, expect, it } from 'vitest';
import { GenerationEventSchema, type GenerationJob } from './generated-images.js';
import { eventOfJob, isFinalEvent } from './generation-events.js';

const JOB: GenerationJob = {
  id: '0190a5c4-7d2e-7b3a-9f00-000000000001',
  prompt: 'A copper kettle',
  negativePrompt: null,
  style: 'None',
  orientation: 'Square',
  quality: 'standard',
  count: 1,
  currency: 'EUR',
  price: 100,
  status: 'queued',
  progress: 0,
  queuePosition: 2,
  error: null,
  createdAt: '2026-11-26T10:00:00.000Z',
  finishedAt: null,
  pictures: [],
};

describe('the event of a generation job', () => {
  it('is what the stream would send for each status, and valid as the stream sends it', () => {
    const events = [
      eventOfJob(JOB),
      eventOfJob({ ...JOB, status: 'running', progress: 40, queuePosition: null }),
      eventOfJob({ ...JOB, status: 'succeeded', progress: 100, queuePosition: null }),
      eventOfJob({ ...JOB, status: 'cancelled', queuePosition: null, error: 'Cancelled' }),
      eventOfJob({ ...JOB, status: 'failed', queuePosition: null }),
    ];
    expect(events.map((event) => event.type)).toEqual([
      'queued',
      'running',
      'done',
      'failed',
      'failed',
    ]);
    expect(events[0]).toEqual({ type: 'queued', id: JOB.id, position: 2 });
    expect(events[1]).toEqual({ type: 'running', id: JOB.id, percent: 40 });
    expect(events[3]).toEqual({
      type: 'failed',
      id: JOB.id,
      status: 'cancelled',
      message: 'Cancelled',
    });
    expect(events[4]).toMatchObject({ status: 'failed', message: '' });
    for (const event of events) expect(GenerationEventSchema.safeParse(event).success).toBe(true);
    expect(events.map(isFinalEvent)).toEqual([false, false, true, true, true]);
  });

  it('puts a queued job whose place is unknown next in line', () => {
    expect(eventOfJob({ ...JOB, queuePosition: null })).toMatchObject({ position: 1 });
  });
});
