import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Orientation } from '@pictura/contract';
import { z } from 'zod';
import {
  createDeadline,
  DEFAULT_MAX_IMAGE_BYTES,
  maxAnswerBytes,
  pictureFromAnswer,
  progressReporter,
  providerDetail,
  sendRequest,
  tryParseAnswer,
  type HttpAnswer,
} from './http-provider.js';
import type {
  GenerateOptions,
  GeneratedImage,
  GenerationRequest,
  ImageGenerator,
} from './image-generator.js';
import { taggedPrompt } from './prompt-text.js';
import {
  ProviderRefusedError,
  ProviderResponseError,
  type ImageProviderError,
} from './provider-errors.js';

const NAME = 'sd-webui';
export const SD_PATHS = {
  txt2img: '/sdapi/v1/txt2img',
  progress: '/sdapi/v1/progress?skip_current_image=true',
  interrupt: '/sdapi/v1/interrupt',
} as const;

/** SDXL's trained sizes closest to each orientation (about one megapixel). */
export const SD_SIZES: Readonly<Record<Orientation, { width: number; height: number }>> = {
  Horizontal: { width: 1216, height: 832 },
  Vertical: { width: 832, height: 1216 },
  Square: { width: 1024, height: 1024 },
};

const DEFAULT_STEPS = 30;
const DEFAULT_POLL_INTERVAL_MS = 500;
// Progress polls and the interrupt are small and must never hold a generation up for long.
const SIDE_REQUEST_TIMEOUT_MS = 5_000;
const SIDE_ANSWER_LIMIT = 64 * 1024;
/**
 * SD WebUI has no standard refusal. An extension or a filtering proxy in front of it answers 4xx
 * with a FastAPI `detail` in these words; a safety checker blacks the picture out instead.
 */
const REFUSAL_WORDS = /nsfw|safety|content.?(policy|filter)|refus|censor|inappropriate/i;

export interface SdWebuiImageGeneratorOptions {
  /** The WebUI's origin, started with `--api` (e.g. `http://127.0.0.1:7860`). */
  baseUrl: string;
  /** `user:password` of its `--api-auth`, sent as HTTP Basic; unset when it has none. */
  credentials: string | undefined;
  timeoutMs: number;
  maxImageBytes?: number;
  pollIntervalMs?: number;
  steps?: number;
}

const AnswerSchema = z
  .object({ images: z.array(z.string()).min(1) })
  .transform(({ images }) => images[0]!);

const ProgressSchema = z.object({
  progress: z.number().min(0).max(1),
  /** The running task; null in many WebUI versions, which report it from a stale import. */
  current_task: z.string().nullish(),
});

const ErrorAnswerSchema = z.object({
  detail: z.unknown().optional(),
  error: z.string().optional(),
  errors: z.string().optional(),
});

/**
 * AUTOMATIC1111's Stable Diffusion WebUI API. txt2img answers only when the picture is done, so
 * progress comes from polling `/sdapi/v1/progress` meanwhile. Our request carries its own task id
 * (`force_task_id`), so progress and interrupts leave another caller's job alone when the WebUI
 * says which task runs. The seed is passed on: the same request gives the same picture.
 */
export class SdWebuiImageGenerator implements ImageGenerator {
  readonly name = NAME;
  private readonly baseUrl: string;
  private readonly headers: Record<string, string>;
  private readonly maxImageBytes: number;

  constructor(private readonly options: SdWebuiImageGeneratorOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.headers = options.credentials
      ? { authorization: `Basic ${Buffer.from(options.credentials).toString('base64')}` }
      : {};
    this.maxImageBytes = options.maxImageBytes ?? DEFAULT_MAX_IMAGE_BYTES;
  }

  async generate(
    request: GenerationRequest,
    { onProgress, signal }: GenerateOptions = {},
  ): Promise<GeneratedImage> {
    signal?.throwIfAborted();
    const report = progressReporter(onProgress);
    report('starting', 0);

    const taskId = `pictura-${randomUUID()}`;
    const deadline = createDeadline(signal, this.options.timeoutMs);
    const answering = sendRequest(
      NAME,
      `${this.baseUrl}${SD_PATHS.txt2img}`,
      { method: 'POST', headers: this.headers, json: this.txt2imgBody(request, taskId) },
      deadline,
      maxAnswerBytes(this.maxImageBytes),
    );
    report('waiting', 0.1);

    const stopPolling = new AbortController();
    const watch = { otherTaskRunning: false };
    const polling = this.pollProgress(
      taskId,
      AbortSignal.any([stopPolling.signal, deadline.signal]),
      watch,
      (fraction) => report('generating', 0.1 + 0.8 * fraction),
    );
    let answer: HttpAnswer;
    try {
      answer = await answering;
    } catch (err) {
      // The WebUI keeps rendering after we hang up; stop it so the GPU is free for the next job.
      if (deadline.signal.aborted && !watch.otherTaskRunning) await this.interrupt();
      throw err;
    } finally {
      stopPolling.abort();
      await polling;
    }

    const { image, allBlack } = await pictureFromAnswer(NAME, answer, report, {
      schema: AnswerSchema,
      maxImageBytes: this.maxImageBytes,
      failure,
    });
    if (allBlack)
      throw new ProviderRefusedError(NAME, 'the safety checker blacked the picture out');
    signal?.throwIfAborted();
    report('done', 1);
    return image;
  }

  private txt2imgBody(request: GenerationRequest, taskId: string) {
    return {
      prompt: taggedPrompt(request),
      negative_prompt: request.negativePrompt?.trim() ?? '',
      // The WebUI takes an unsigned 32-bit seed (-1 would mean random).
      seed: request.seed >>> 0,
      ...SD_SIZES[request.orientation],
      steps: this.options.steps ?? DEFAULT_STEPS,
      n_iter: 1,
      batch_size: 1,
      send_images: true,
      save_images: false,
      force_task_id: taskId,
    };
  }

  /** Polls until `stop`; progress is only a hint, so failed polls are skipped, never thrown. */
  private async pollProgress(
    taskId: string,
    stop: AbortSignal,
    watch: { otherTaskRunning: boolean },
    onFraction: (fraction: number) => void,
  ): Promise<void> {
    const interval = this.options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
    while (!stop.aborted) {
      try {
        await sleep(interval, undefined, { signal: stop });
        const answer = await sendRequest(
          NAME,
          `${this.baseUrl}${SD_PATHS.progress}`,
          { method: 'GET', headers: this.headers },
          createDeadline(stop, SIDE_REQUEST_TIMEOUT_MS),
          SIDE_ANSWER_LIMIT,
        );
        const progress = answer.ok ? tryParseAnswer(answer.body, ProgressSchema) : undefined;
        if (!progress || stop.aborted) continue;
        watch.otherTaskRunning = Boolean(progress.current_task && progress.current_task !== taskId);
        // While another job runs, its figure says nothing about ours (still queued).
        if (!watch.otherTaskRunning) onFraction(progress.progress);
      } catch {
        // An aborted sleep or a failed poll: the loop condition decides whether to go on.
      }
    }
  }

  /** Best effort: a failure to interrupt must not hide why the generation ended. */
  private async interrupt(): Promise<void> {
    try {
      await sendRequest(
        NAME,
        `${this.baseUrl}${SD_PATHS.interrupt}`,
        { method: 'POST', headers: this.headers },
        createDeadline(undefined, SIDE_REQUEST_TIMEOUT_MS),
        SIDE_ANSWER_LIMIT,
      );
    } catch {
      // The WebUI is gone or busy; its own timeout will end the job.
    }
  }
}

function failure(answer: HttpAnswer): ImageProviderError {
  const error = tryParseAnswer(answer.body, ErrorAnswerSchema);
  const message = [error?.detail, error?.error, error?.errors].find(
    (part): part is string => typeof part === 'string' && part.length > 0,
  );
  if (message && REFUSAL_WORDS.test(message)) {
    return new ProviderRefusedError(NAME, providerDetail(message));
  }
  return new ProviderResponseError(NAME, `answered HTTP ${answer.status}`);
}
