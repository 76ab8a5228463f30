import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  startFakeSdWebui,
  type FakeImageApi,
  type FakeImageBehaviour,
  type FakeSdWebuiOptions,
} from '../../test/fake-image-apis.js';
import type { GenerationProgress, GenerationRequest } from './index.js';
import {
  ProviderRefusedError,
  ProviderResponseError,
  ProviderUnavailableError,
  SdWebuiImageGenerator,
  type SdWebuiImageGeneratorOptions,
} from './index.js';

const CREDENTIALS = 'pictura:webui-secret-password';
const BASIC = `Basic ${Buffer.from(CREDENTIALS).toString('base64')}`;
const request: GenerationRequest = {
  prompt: 'A lighthouse in a storm',
  style: 'Cyberpunk',
  orientation: 'Vertical',
  seed: -5,
  negativePrompt: 'blurry',
};

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error('expected the generation to fail');
}

const everythingIn = (err: unknown): string =>
  err instanceof Error ? `${err.message} ${err.stack} ${everythingIn(err.cause)}` : String(err);

describe('SdWebuiImageGenerator', () => {
  let api: FakeImageApi;
  const start = async (options: FakeSdWebuiOptions = {}) => {
    api = await startFakeSdWebui({
      generationMs: 250,
      oversizedBytes: 64 * 1024 * 1024,
      ...options,
    });
  };
  const generator = (options: Partial<SdWebuiImageGeneratorOptions> = {}) =>
    new SdWebuiImageGenerator({
      baseUrl: api.url,
      credentials: CREDENTIALS,
      timeoutMs: 5_000,
      pollIntervalMs: 20,
      ...options,
    });
  const calls = (path: string) => api.requests.filter((sent) => sent.path.startsWith(path));

  afterEach(async () => {
    await api.close();
  });

  it('sends txt2img with its own task id and reports the WebUI progress in order, ending at 1', async () => {
    await start();
    const progress: GenerationProgress[] = [];

    const picture = await generator().generate(request, {
      onProgress: (step) => progress.push(step),
    });

    const [txt2img] = calls('/sdapi/v1/txt2img');
    expect(txt2img?.headers.authorization).toBe(BASIC);
    expect(txt2img?.body).toEqual({
      prompt: 'A lighthouse in a storm, cyberpunk, neon light, rainy night city, high tech',
      negative_prompt: 'blurry',
      seed: 4_294_967_291,
      width: 832,
      height: 1216,
      steps: 30,
      n_iter: 1,
      batch_size: 1,
      send_images: true,
      save_images: false,
      force_task_id: expect.stringMatching(/^pictura-[0-9a-f-]{36}$/),
    });
    expect(picture).toMatchObject({ contentType: 'image/png', width: 832, height: 1216 });

    const polls = calls('/sdapi/v1/progress');
    expect(polls.length).toBeGreaterThan(2);
    expect(polls.every((poll) => poll.path === '/sdapi/v1/progress?skip_current_image=true')).toBe(
      true,
    );
    expect(polls.every((poll) => poll.headers.authorization === BASIC)).toBe(true);

    const fractions = progress.map((step) => step.fraction);
    expect(fractions[0]).toBe(0);
    expect([...fractions].sort((a, b) => a - b)).toEqual(fractions);
    expect(progress.filter((step) => step.stage === 'generating').length).toBeGreaterThan(1);
    expect(progress.at(-1)).toEqual({ stage: 'done', fraction: 1 });

    // Nothing is reported once the picture is handed over.
    const reported = progress.length;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(progress).toHaveLength(reported);
    expect(calls('/sdapi/v1/interrupt')).toHaveLength(0);
  });

  it('refuses an all-black picture: the safety checker blacked it out', async () => {
    await start({ generationMs: 20 });
    api.script('black-image');

    const err = await failureOf(generator().generate(request));

    expect(err).toBeInstanceOf(ProviderRefusedError);
    expect(err).toMatchObject({ retryable: false, detail: expect.stringMatching(/blacked/) });
  });

  it.each<
    [
      FakeImageBehaviour,
      typeof ProviderRefusedError | typeof ProviderUnavailableError | typeof ProviderResponseError,
      RegExp,
    ]
  >([
    ['refused', ProviderRefusedError, /NSFW content detected/],
    ['server-error', ProviderUnavailableError, /answered HTTP 500/],
    ['rate-limited', ProviderUnavailableError, /answered HTTP 429/],
    ['unauthorized', ProviderResponseError, /answered HTTP 401/],
    ['malformed-json', ProviderResponseError, /not JSON/],
    ['wrong-shape', ProviderResponseError, /unexpected shape at images/],
    ['not-an-image', ProviderResponseError, /not a picture/],
  ])('turns %s into a %o', async (behaviour, type, reason) => {
    await start({ generationMs: 20 });
    api.script(behaviour);

    const err = await failureOf(generator().generate(request));

    expect(err).toBeInstanceOf(type);
    expect((err as Error).message).toMatch(reason);
    expect(everythingIn(err)).not.toContain('webui-secret-password');
  });

  it('stops reading an answer larger than the limit', async () => {
    await start();
    api.script('oversized');

    const err = await failureOf(generator({ maxImageBytes: 64 * 1024 }).generate(request));

    expect(err).toBeInstanceOf(ProviderResponseError);
    expect((err as Error).message).toMatch(/larger than \d+ bytes/);
    await vi.waitFor(() => expect(api.hangUps).toBe(1));
  });

  it("on abort hangs up, interrupts the WebUI and rejects with the caller's reason", async () => {
    await start();
    api.script('slow');
    const controller = new AbortController();
    const reason = new Error('user left');

    const generation = generator().generate(request, { signal: controller.signal });
    await vi.waitFor(() => expect(calls('/sdapi/v1/progress').length).toBeGreaterThan(1));
    controller.abort(reason);

    expect(await failureOf(generation)).toBe(reason);
    expect(calls('/sdapi/v1/interrupt')).toMatchObject([
      { method: 'POST', headers: { authorization: BASIC } },
    ]);
    await vi.waitFor(() => expect(api.hangUps).toBe(1));
  });

  it('on its timeout interrupts the WebUI and fails retryably', async () => {
    await start();
    api.script('slow');

    const err = await failureOf(generator({ timeoutMs: 300 }).generate(request));

    expect(err).toBeInstanceOf(ProviderUnavailableError);
    expect(err).toMatchObject({ message: 'sd-webui: gave no answer within 0.3 s' });
    expect(calls('/sdapi/v1/interrupt')).toHaveLength(1);
  });

  it("leaves another caller's running job alone: no progress from it, no interrupt", async () => {
    await start({ reportTask: 'other' });
    api.script('slow');
    const controller = new AbortController();
    const progress: number[] = [];

    const generation = generator().generate(request, {
      signal: controller.signal,
      onProgress: (step) => progress.push(step.fraction),
    });
    await vi.waitFor(() => expect(calls('/sdapi/v1/progress').length).toBeGreaterThan(2));
    controller.abort(new Error('stop'));
    await failureOf(generation);

    expect(progress).toEqual([0, 0.1]);
    expect(calls('/sdapi/v1/interrupt')).toHaveLength(0);
  });

  it('sends no credentials when it has none', async () => {
    await start({ generationMs: 20 });

    await generator({ credentials: undefined }).generate({ ...request, orientation: 'Square' });

    const [txt2img] = calls('/sdapi/v1/txt2img');
    expect(txt2img?.headers).not.toHaveProperty('authorization');
    expect(txt2img?.body).toMatchObject({ width: 1024, height: 1024 });
  });
});
