import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  GENERATION_COUNT_MAX,
  GenerationEventSchema,
  GenerationJobListQuerySchema,
  GenerationRequestSchema,
} from './generated-images.js';

const pathsOf = (result: { error?: z.ZodError }) =>
  result.error?.issues.map((issue) => issue.path.join('.')) ?? [];

const request = {
  prompt: 'A lighthouse in a storm',
  style: 'Vintage',
  orientation: 'Horizontal',
  quality: 'standard',
  count: 2,
  currency: 'EUR',
};

describe('GenerationRequestSchema', () => {
  it('accepts a request and trims the prompts', () => {
    expect(
      GenerationRequestSchema.parse({
        ...request,
        prompt: '  A lighthouse  ',
        negativePrompt: ' people ',
      }),
    ).toEqual({ ...request, prompt: 'A lighthouse', negativePrompt: 'people' });
  });

  it('accepts an empty negative prompt (a cleared form field)', () => {
    expect(GenerationRequestSchema.parse({ ...request, negativePrompt: '   ' })).toEqual({
      ...request,
      negativePrompt: '',
    });
  });

  it.each([
    ['prompt', { prompt: 'ab' }],
    ['prompt', { prompt: '  a  ' }],
    ['prompt', { prompt: 'x'.repeat(1001) }],
    ['negativePrompt', { negativePrompt: 'x'.repeat(501) }],
    ['style', { style: 'Baroque' }],
    ['orientation', { orientation: 'Diagonal' }],
    ['quality', { quality: 'ultra' }],
    ['count', { count: 0 }],
    ['count', { count: GENERATION_COUNT_MAX + 1 }],
    ['count', { count: 1.5 }],
    ['currency', { currency: 'GBP' }],
  ])('refuses a bad %s', (field, change) => {
    expect(pathsOf(GenerationRequestSchema.safeParse({ ...request, ...change }))).toEqual([field]);
  });

  it('refuses unknown fields such as a price or a size in pixels', () => {
    expect(GenerationRequestSchema.safeParse({ ...request, price: 1 }).success).toBe(false);
    expect(GenerationRequestSchema.safeParse({ ...request, width: 4096 }).success).toBe(false);
  });
});

describe('GenerationEventSchema', () => {
  const id = '0b9e4c1e-6a57-4f0e-9d55-3c0f4d7f2a10';

  it('tells the four kinds of event apart by type', () => {
    expect(GenerationEventSchema.parse({ type: 'queued', id, position: 3 })).toEqual({
      type: 'queued',
      id,
      position: 3,
    });
    expect(GenerationEventSchema.safeParse({ type: 'running', id, percent: 101 }).success).toBe(
      false,
    );
    expect(
      GenerationEventSchema.safeParse({ type: 'failed', id, status: 'succeeded', message: 'x' })
        .success,
    ).toBe(false);
  });
});

describe('GenerationJobListQuerySchema', () => {
  it('pages by a job id only', () => {
    expect(GenerationJobListQuerySchema.safeParse({}).success).toBe(true);
    expect(GenerationJobListQuerySchema.safeParse({ Before: 'not-an-id' }).success).toBe(false);
  });
});
