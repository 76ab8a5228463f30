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
import { foldedPrompt } from './prompt-text.js';
import {
  ProviderRefusedError,
  ProviderResponseError,
  type ImageProviderError,
} from './provider-errors.js';

const NAME = 'openai';
export const OPENAI_GENERATIONS_PATH = '/v1/images/generations';

/**
 * Error codes of a content-filter refusal: DALL-E answers `content_policy_violation`, the GPT
 * image models `moderation_blocked` (both HTTP 400).
 */
const REFUSAL_CODES: ReadonlySet<string> = new Set([
  'content_policy_violation',
  'moderation_blocked',
]);

export interface OpenAiImageGeneratorOptions {
  /** The API's origin, without `/v1` (`https://api.openai.com`, or a compatible server). */
  baseUrl: string;
  /** Sent as a Bearer token; compatible local servers may need none. */
  apiKey: string | undefined;
  model: string;
  timeoutMs: number;
  maxImageBytes?: number;
}

const AnswerSchema = z
  .object({ data: z.array(z.object({ b64_json: z.string().min(1) })).min(1) })
  .transform(({ data }) => data[0]!.b64_json);

const ErrorAnswerSchema = z.object({
  error: z.object({
    code: z.string().nullish(),
    message: z.string().nullish(),
  }),
});

/**
 * An OpenAI-compatible Images API (`POST /v1/images/generations`). It has no progress of its own,
 * so progress is 0 at the start, 0.1 once the request is out, 0.9 when the answer is in, 1 at the
 * end. It has no seed either: the same request may give another picture.
 */
export class OpenAiImageGenerator implements ImageGenerator {
  readonly name = NAME;
  private readonly baseUrl: string;
  private readonly maxImageBytes: number;

  constructor(private readonly options: OpenAiImageGeneratorOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.maxImageBytes = options.maxImageBytes ?? DEFAULT_MAX_IMAGE_BYTES;
  }

  async generate(
    request: GenerationRequest,
    { onProgress, signal }: GenerateOptions = {},
  ): Promise<GeneratedImage> {
    signal?.throwIfAborted();
    const report = progressReporter(onProgress);
    report('starting', 0);

    const { model, apiKey } = this.options;
    const answering = sendRequest(
      NAME,
      `${this.baseUrl}${OPENAI_GENERATIONS_PATH}`,
      {
        method: 'POST',
        headers: apiKey ? { authorization: `Bearer ${apiKey}` } : {},
        json: {
          model,
          prompt: foldedPrompt(request),
          n: 1,
          size: openAiSize(model, request.orientation),
          // The GPT image models always answer base64 and refuse the parameter ("Unknown
          // parameter: 'response_format'"); DALL-E and most compatible servers need it.
          ...(isGptImageModel(model) ? {} : { response_format: 'b64_json' }),
        },
      },
      createDeadline(signal, this.options.timeoutMs),
      maxAnswerBytes(this.maxImageBytes),
    );
    report('waiting', 0.1);
    const { image } = await pictureFromAnswer(NAME, await answering, report, {
      schema: AnswerSchema,
      maxImageBytes: this.maxImageBytes,
      failure,
    });
    signal?.throwIfAborted();
    report('done', 1);
    return image;
  }
}

const isGptImageModel = (model: string): boolean => model.startsWith('gpt-image');

/** The API's sizes nearest each orientation; DALL-E 3's long side is 1792, the others' 1536. */
export function openAiSize(model: string, orientation: Orientation): string {
  const long = model.startsWith('dall-e-3') ? 1792 : 1536;
  if (orientation === 'Horizontal') return `${long}x1024`;
  if (orientation === 'Vertical') return `1024x${long}`;
  return '1024x1024';
}

function failure(answer: HttpAnswer): ImageProviderError {
  const error = tryParseAnswer(answer.body, ErrorAnswerSchema)?.error;
  if (answer.status === 400 && error?.code && REFUSAL_CODES.has(error.code)) {
    return new ProviderRefusedError(NAME, providerDetail(error.message ?? error.code));
  }
  const code = error?.code ? ` (${providerDetail(error.code)})` : '';
  return new ProviderResponseError(NAME, `answered HTTP ${answer.status}${code}`);
}
