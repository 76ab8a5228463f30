// What the remote providers share: a request with a deadline, an answer read under a size cap, and
// the picture checked before anyone stores or shows it. Nothing here logs: headers hold the API key
// and bodies hold the picture.
import { decodePixels, sharp } from '../images/index.js';
import type { z } from 'zod';
import type { GeneratedImage, GenerateOptions } from './image-generator.js';
import {
  ProviderResponseError,
  ProviderUnavailableError,
  type ImageProviderError,
} from './provider-errors.js';

/** The largest picture accepted from a provider (decoded bytes). */
export const DEFAULT_MAX_IMAGE_BYTES = 20 * 1024 * 1024;
/** Error answers are read this far for their message; the rest is dropped. */
const ERROR_BODY_LIMIT = 64 * 1024;
// Room for the JSON around the base64 text (SD WebUI adds its parameters and an info string).
const JSON_OVERHEAD = 256 * 1024;
const MIN_SIDE = 64;
const MAX_SIDE = 4096;
/** A channel no brighter than this counts as black (JPEG noise stays a few steps above zero). */
const BLACK_LEVEL = 8;
const DETAIL_LENGTH = 200;

const CONTENT_TYPES = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;

/** The largest answer that can carry a picture of `maxImageBytes` as base64 (4 characters per 3 bytes). */
export const maxAnswerBytes = (maxImageBytes: number): number =>
  Math.ceil(maxImageBytes / 3) * 4 + JSON_OVERHEAD;

/** The caller's signal together with our timeout, and which of the two ended the wait. */
export interface Deadline {
  readonly signal: AbortSignal;
  readonly caller: AbortSignal | undefined;
  readonly timeoutMs: number;
}

export function createDeadline(caller: AbortSignal | undefined, timeoutMs: number): Deadline {
  const timeout = AbortSignal.timeout(timeoutMs);
  return { signal: caller ? AbortSignal.any([caller, timeout]) : timeout, caller, timeoutMs };
}

export interface HttpAnswer {
  status: number;
  ok: boolean;
  headers: Headers;
  body: Buffer;
}

export interface HttpRequest {
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** Sent as JSON. */
  json?: unknown;
}

/**
 * Sends one request and reads the answer, at most `maxBytes` of it. A caller's abort rejects with
 * the caller's reason (the ImageGenerator contract); a timeout or a network failure is a
 * ProviderUnavailableError; a successful answer over the cap is a ProviderResponseError.
 */
export async function sendRequest(
  provider: string,
  url: string,
  request: HttpRequest,
  deadline: Deadline,
  maxBytes: number,
): Promise<HttpAnswer> {
  try {
    const response = await fetch(url, {
      method: request.method,
      headers: {
        accept: 'application/json',
        ...(request.json === undefined ? {} : { 'content-type': 'application/json' }),
        ...request.headers,
      },
      body: request.json === undefined ? undefined : JSON.stringify(request.json),
      signal: deadline.signal,
      redirect: 'error',
    });
    const cap = response.ok ? maxBytes : Math.min(maxBytes, ERROR_BODY_LIMIT);
    const { body, complete } = await readCapped(response, cap);
    if (!complete && response.ok) {
      throw new ProviderResponseError(provider, `sent an answer larger than ${cap} bytes`);
    }
    return { status: response.status, ok: response.ok, headers: response.headers, body };
  } catch (err) {
    if (err instanceof ProviderResponseError) throw err;
    throw interruption(provider, deadline, err);
  }
}

/** Why the wait ended: the caller's own reason, our timeout, or the network. */
export function interruption(provider: string, deadline: Deadline, err: unknown): unknown {
  if (deadline.caller?.aborted) return deadline.caller.reason;
  if (deadline.signal.aborted) {
    return new ProviderUnavailableError(
      provider,
      `gave no answer within ${deadline.timeoutMs / 1000} s`,
    );
  }
  return new ProviderUnavailableError(provider, 'could not be reached', undefined, { cause: err });
}

async function readCapped(
  response: Response,
  cap: number,
): Promise<{ body: Buffer; complete: boolean }> {
  if (response.body === null) return { body: Buffer.alloc(0), complete: true };
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > cap) {
    void response.body.cancel().catch(() => undefined);
    return { body: Buffer.alloc(0), complete: false };
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { body: Buffer.concat(chunks, size), complete: true };
    size += value.byteLength;
    if (size > cap) {
      // Stop reading at once: a provider sending gigabytes must not fill the memory.
      void reader.cancel().catch(() => undefined);
      return { body: Buffer.concat(chunks), complete: false };
    }
    chunks.push(value);
  }
}

/** 429 and 5xx: the provider is busy or broken for now. Anything else the provider explains. */
function unavailableAnswer(
  provider: string,
  answer: HttpAnswer,
): ProviderUnavailableError | undefined {
  if (answer.status !== 429 && answer.status < 500) return undefined;
  return new ProviderUnavailableError(
    provider,
    `answered HTTP ${answer.status}`,
    retryAfterSeconds(answer.headers.get('retry-after')),
  );
}

function retryAfterSeconds(header: string | null): number | undefined {
  if (header === null) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/** The answer's JSON in the expected shape, else a ProviderResponseError (the body is not echoed). */
function parseAnswer<T>(provider: string, body: Buffer, schema: z.ZodType<T>): T {
  let json: unknown;
  try {
    json = JSON.parse(body.toString('utf8'));
  } catch (err) {
    throw new ProviderResponseError(provider, 'sent an answer that is not JSON', { cause: err });
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const where = parsed.error.issues[0]?.path.join('.') || '(answer)';
    throw new ProviderResponseError(provider, `sent an answer of an unexpected shape at ${where}`);
  }
  return parsed.data;
}

/** The answer's JSON when it has the shape, else undefined: for reading error answers. */
export function tryParseAnswer<T>(body: Buffer, schema: z.ZodType<T>): T | undefined {
  try {
    const parsed = schema.safeParse(JSON.parse(body.toString('utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** A provider's message made safe for a log line: one line, printable, short. */
export const providerDetail = (message: string): string =>
  message
    .replace(/[^\x20-\x7e\u00a0-\uffff]+/g, ' ')
    .trim()
    .slice(0, DETAIL_LENGTH);

const DATA_URI_PREFIX = /^data:image\/[a-z0-9.+-]+;base64,/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The bytes of a base64 picture, refused before decoding when they would exceed `maxBytes`. */
export function decodeBase64Image(provider: string, encoded: string, maxBytes: number): Buffer {
  const text = encoded.replace(DATA_URI_PREFIX, '');
  if (Math.floor((text.length * 3) / 4) > maxBytes) {
    throw new ProviderResponseError(provider, `sent a picture larger than ${maxBytes} bytes`);
  }
  // Buffer.from skips characters that are not base64 without complaint; check them first.
  if (text.length === 0 || text.length % 4 !== 0 || !BASE64.test(text)) {
    throw new ProviderResponseError(provider, 'sent a picture that is not valid base64');
  }
  return Buffer.from(text, 'base64');
}

export interface CheckedImage {
  image: GeneratedImage;
  /** Every pixel is (nearly) black: what safety checkers put in place of a refused picture. */
  allBlack: boolean;
}

/**
 * Decodes the whole picture once (a header can look right on a truncated file) and checks it is a
 * JPEG, PNG or WebP of a sane size. sharp never sees more than MAX_SIDE squared pixels.
 */
export async function checkImage(provider: string, bytes: Buffer): Promise<CheckedImage> {
  const limits = { limitInputPixels: MAX_SIDE * MAX_SIDE };
  const [metadata, stats] = await Promise.all([
    sharp(bytes, limits).metadata(),
    decodePixels(bytes, limits).then(({ data, info }) => sharp(data, { raw: info }).stats()),
  ]).catch((err: unknown) => {
    throw new ProviderResponseError(provider, 'sent something that is not a picture', {
      cause: err,
    });
  });
  const { format, width, height, hasAlpha } = metadata;
  if (format !== 'jpeg' && format !== 'png' && format !== 'webp') {
    throw new ProviderResponseError(provider, `sent a picture in an unexpected format (${format})`);
  }
  if (!inRange(width) || !inRange(height)) {
    throw new ProviderResponseError(provider, `sent a picture of ${width} x ${height} pixels`);
  }
  const colour = hasAlpha ? stats.channels.slice(0, -1) : stats.channels;
  return {
    image: { bytes, contentType: CONTENT_TYPES[format], width, height },
    allBlack: colour.every((channel) => channel.max <= BLACK_LEVEL),
  };
}

const inRange = (side: number): boolean => side >= MIN_SIDE && side <= MAX_SIDE;

/** How one provider answers with a picture. */
export interface PictureAnswer {
  /** The shape of a successful answer, giving the base64 picture in it. */
  schema: z.ZodType<string>;
  maxImageBytes: number;
  /** Why a failed answer other than 429 and 5xx failed: a refusal, or a request it cannot take. */
  failure: (answer: HttpAnswer) => ImageProviderError;
}

/**
 * The picture a provider's JSON answer carries, checked; progress reaches 0.9 once the answer is
 * read. A busy or broken provider (429, 5xx) is a ProviderUnavailableError.
 */
export async function pictureFromAnswer(
  provider: string,
  answer: HttpAnswer,
  report: ReportProgress,
  expected: PictureAnswer,
): Promise<CheckedImage> {
  if (!answer.ok) throw unavailableAnswer(provider, answer) ?? expected.failure(answer);
  const base64 = parseAnswer(provider, answer.body, expected.schema);
  report('checking', 0.9);
  const bytes = decodeBase64Image(provider, base64, expected.maxImageBytes);
  return checkImage(provider, bytes);
}

export type ReportProgress = (stage: string, fraction: number) => void;

/**
 * Reports progress that only ever grows (a provider's own figure may fall back to 0 between jobs)
 * and stays within 0 to 1.
 */
export function progressReporter(onProgress: GenerateOptions['onProgress']): ReportProgress {
  let last = -1;
  return (stage, fraction) => {
    const value = Math.min(1, Math.max(0, fraction));
    if (value <= last) return;
    last = value;
    onProgress?.({ stage, fraction: value });
  };
}
