import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  startFakeOpenAiImages,
  type FakeImageApi,
  type FakeImageBehaviour,
} from '../../test/fake-image-apis.js';
import type { GenerationProgress, GenerationRequest } from './index.js';
import {
  OpenAiImageGenerator,
  ProviderRefusedError,
  ProviderResponseError,
  ProviderUnavailableError,
  type OpenAiImageGeneratorOptions,
} from './index.js';

const API_KEY = 'sk-test-secret-key-1234567890';
const request: GenerationRequest = {
  prompt: 'A quiet fox at dawn',
  style: 'Vintage',
  orientation: 'Horizontal',
  seed: 42,
  negativePrompt: 'people, text',
};

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error('expected the generation to fail');
}

/** Everything an error would show in a log line: message, stack and causes. */
const everythingIn = (err: unknown): string =>
  err instanceof Error ? `${err.message} ${err.stack} ${everythingIn(err.cause)}` : String(err);

describe('OpenAiImageGenerator', () => {
  let api: FakeImageApi;
  const generator = (options: Partial<OpenAiImageGeneratorOptions> = {}) =>
    new OpenAiImageGenerator({
      baseUrl: `${api.url}/`,
      apiKey: API_KEY,
      model: 'gpt-image-1',
      timeoutMs: 5_000,
      ...options,
    });

  beforeEach(async () => {
    api = await startFakeOpenAiImages({ oversizedBytes: 64 * 1024 * 1024 });
  });
  afterEach(async () => {
    await api.close();
  });

  it('posts the prompt with its style and negative prompt folded in, and returns the checked picture', async () => {
    const progress: GenerationProgress[] = [];

    const picture = await generator().generate(request, {
      onProgress: (step) => progress.push(step),
    });

    expect(api.requests).toHaveLength(1);
    const [sent] = api.requests;
    expect(sent).toMatchObject({
      method: 'POST',
      path: '/v1/images/generations',
      headers: { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json' },
    });
    expect(sent!.body).toEqual({
      model: 'gpt-image-1',
      prompt:
        'A quiet fox at dawn\n\nStyle: vintage photograph, faded colours, film grain.\n\nAvoid: people, text.',
      n: 1,
      size: '1536x1024',
    });
    expect(picture).toMatchObject({ contentType: 'image/png', width: 1536, height: 1024 });
    expect((await sharp(picture.bytes).metadata()).format).toBe('png');
    expect(api.hangUps).toBe(0);
    expect(progress).toEqual([
      { stage: 'starting', fraction: 0 },
      { stage: 'waiting', fraction: 0.1 },
      { stage: 'checking', fraction: 0.9 },
      { stage: 'done', fraction: 1 },
    ]);
  });

  it('asks DALL-E and other models for base64 explicitly, in their own sizes', async () => {
    await generator({ model: 'dall-e-3' }).generate({ ...request, orientation: 'Vertical' });
    await generator({ model: 'local-sdxl', apiKey: undefined }).generate({
      ...request,
      style: 'None',
      orientation: 'Square',
    });

    expect(api.requests.map((sent) => sent.body)).toMatchObject([
      { model: 'dall-e-3', size: '1024x1792', response_format: 'b64_json' },
      { model: 'local-sdxl', size: '1024x1024', response_format: 'b64_json' },
    ]);
    expect((api.requests[1]!.body as { prompt: string }).prompt).not.toContain('Style:');
    expect(api.requests[1]!.headers.authorization).toBeUndefined();
  });

  it.each(['refused', 'moderation-blocked'] as const)(
    'reports a content-filter refusal (%s) as not retryable',
    async (behaviour) => {
      api.script(behaviour);

      const err = await failureOf(generator().generate(request));

      expect(err).toBeInstanceOf(ProviderRefusedError);
      expect(err).toMatchObject({ retryable: false, provider: 'openai' });
      expect((err as ProviderRefusedError).detail).toMatch(/safety system/);
    },
  );

  it('reports 5xx and 429 as retryable, with the Retry-After it was given', async () => {
    api.script('server-error', 'rate-limited');

    const serverError = await failureOf(generator().generate(request));
    const rateLimited = await failureOf(generator().generate(request));

    expect(serverError).toBeInstanceOf(ProviderUnavailableError);
    expect(serverError).toMatchObject({ retryable: true, message: 'openai: answered HTTP 500' });
    expect(rateLimited).toBeInstanceOf(ProviderUnavailableError);
    expect(rateLimited).toMatchObject({ retryable: true, retryAfterSeconds: 7 });
  });

  it('reports a refused key as an answer it cannot use, without the key', async () => {
    api.script('unauthorized');

    const err = await failureOf(generator().generate(request));

    expect(err).toBeInstanceOf(ProviderResponseError);
    expect(err).toMatchObject({
      retryable: false,
      message: 'openai: answered HTTP 401 (invalid_api_key)',
    });
  });

  it.each<[FakeImageBehaviour, RegExp]>([
    ['malformed-json', /not JSON/],
    ['wrong-shape', /unexpected shape at data/],
    ['not-an-image', /not a picture/],
  ])('refuses an unusable answer (%s)', async (behaviour, reason) => {
    api.script(behaviour);

    const err = await failureOf(generator().generate(request));

    expect(err).toBeInstanceOf(ProviderResponseError);
    expect((err as Error).message).toMatch(reason);
    expect(everythingIn(err)).not.toContain(API_KEY);
  });

  it('stops reading an answer larger than the limit', async () => {
    api.script('oversized');

    const err = await failureOf(generator({ maxImageBytes: 64 * 1024 }).generate(request));

    expect(err).toBeInstanceOf(ProviderResponseError);
    expect((err as Error).message).toMatch(/larger than \d+ bytes/);
    // The fake had 64 MB to send; the client hung up long before.
    await vi.waitFor(() => expect(api.hangUps).toBe(1));
  });

  it('gives up after its timeout with a retryable error', async () => {
    api.script('slow');

    const err = await failureOf(generator({ timeoutMs: 300 }).generate(request));

    expect(err).toBeInstanceOf(ProviderUnavailableError);
    expect(err).toMatchObject({ message: 'openai: gave no answer within 0.3 s' });
    await vi.waitFor(() => expect(api.hangUps).toBe(1));
  });

  it("stops the request when the caller aborts, rejecting with the caller's reason", async () => {
    api.script('slow');
    const controller = new AbortController();
    const reason = new Error('no longer wanted');

    const generation = generator().generate(request, { signal: controller.signal });
    await vi.waitFor(() => expect(api.requests).toHaveLength(1));
    controller.abort(reason);

    expect(await failureOf(generation)).toBe(reason);
    await vi.waitFor(() => expect(api.hangUps).toBe(1));
  });

  it('reports an unreachable API as retryable, without the key', async () => {
    const url = api.url;
    await api.close();

    const err = await failureOf(
      new OpenAiImageGenerator({
        baseUrl: url,
        apiKey: API_KEY,
        model: 'x',
        timeoutMs: 5_000,
      }).generate(request),
    );
    api = await startFakeOpenAiImages();

    expect(err).toBeInstanceOf(ProviderUnavailableError);
    expect(err).toMatchObject({ message: 'openai: could not be reached', retryable: true });
    expect(everythingIn(err)).not.toContain(API_KEY);
  });
});
