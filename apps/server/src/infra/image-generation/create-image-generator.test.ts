import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { startFakeSdWebui, type FakeImageApi } from '../../test/fake-image-apis.js';
import { createImageGenerator } from './index.js';

describe('createImageGenerator', () => {
  let api: FakeImageApi | undefined;
  afterEach(async () => {
    await api?.close();
  });

  it('uses the offline procedural generator unless IMAGE_PROVIDER says otherwise', () => {
    expect(createImageGenerator(loadConfig({}).imageGeneration).name).toBe('procedural');
    expect(
      createImageGenerator(
        loadConfig({ IMAGE_PROVIDER: 'openai', IMAGE_API_KEY: 'sk-x' }).imageGeneration,
      ).name,
    ).toBe('openai');
  });

  it('reaches the configured WebUI with its credentials and timeout', async () => {
    api = await startFakeSdWebui({ generationMs: 2_000 });
    api.script('slow');
    const generator = createImageGenerator(
      loadConfig({
        IMAGE_PROVIDER: 'sd-webui',
        IMAGE_API_URL: api.url,
        IMAGE_API_KEY: 'shop:password',
        IMAGE_API_TIMEOUT_SECONDS: '1',
      }).imageGeneration,
    );

    await expect(
      generator.generate({ prompt: 'x', style: 'None', orientation: 'Square', seed: 1 }),
    ).rejects.toThrow('sd-webui: gave no answer within 1 s');
    expect(generator.name).toBe('sd-webui');
    expect(api.requests[0]).toMatchObject({
      path: '/sdapi/v1/txt2img',
      headers: { authorization: `Basic ${Buffer.from('shop:password').toString('base64')}` },
    });
  });
});
