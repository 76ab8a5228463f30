import { describe, expect, it } from 'vitest';

describe('zod-jitless', () => {
  it('turns off the compiled parsers of the zod loaded after it, without importing zod itself', async () => {
    await import('./zod-jitless');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    // Parsing an object schema is where zod would otherwise probe `new Function('')`.
    expect(z.object({ name: z.string() }).parse({ name: 'Pictura' })).toEqual({ name: 'Pictura' });
  });
});
