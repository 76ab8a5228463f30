import {
  ERROR_MESSAGES,
  GENERAL_ERROR_KEY,
  readErrorBody,
  REAUTHENTICATION_ERROR_KEY,
  REFRESH_TRIGGER_STATUSES,
} from '@pictura/contract';
import { renderScope } from './render-scope';

/**
 * The one HTTP client of the web app (docs/product/api.md, docs/product/browser.md#token-refresh).
 * It sends JSON with the bearer token, parses JSON answers (optionally through a contract schema)
 * and turns every failure into an `ApiError` carrying the exact messages of section 8.
 */

/** Which section 8 row an error belongs to; the UI translates by code (see api-error-text.ts). */
export type ApiErrorCode =
  'validationFailed' | 'serverMessage' | 'tooManyRequests' | 'unexpectedServerError' | 'generic';

export type FieldErrors = Readonly<Record<string, string>>;

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly code: ApiErrorCode,
    message: string,
    /** HTTP status, or null when no usable answer arrived (network failure, unreadable body). */
    readonly status: number | null,
    /** The server's field map for a validation failure; the empty key holds a general message. */
    readonly fieldErrors: FieldErrors | null = null,
  ) {
    super(message);
  }
}

/** Any schema with zod's `safeParse` shape; the contract's schemas fit it. */
export interface ResponseSchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false; error: unknown };
}

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Query parameters, names spelt as the API spells them (`Currency`, `UrlName`, ...). */
  query?: Readonly<Record<string, QueryValue>>;
  /** Sent as JSON; a Blob (a file) is sent as its bytes with its own Content-Type. */
  body?: unknown;
  schema?: ResponseSchema<T>;
  signal?: AbortSignal;
  /** For the refresh and login calls themselves: a 401/403 there must not start a refresh. */
  skipTokenRefresh?: boolean;
  /** For the re-authentication call itself: its own refusals must not open the dialog again. */
  skipReauthentication?: boolean;
  /** Extra headers, such as the `Idempotency-Key` of a call that moves money. */
  headers?: Readonly<Record<string, string>>;
  /** Reads a successful answer itself instead of as JSON (a file download: `r => r.blob()`). */
  parse?: (response: Response) => Promise<T>;
  /**
   * Statuses that count as success for this call besides 200 and 204, such as the 202 Accepted of
   * a generation request (every other call reads the client messages of
   * docs/product/messages.md literally).
   */
  successStatuses?: readonly number[];
}

/**
 * Seam for the single-flight token refresh (docs/product/browser.md#token-refresh), plugged in by
 * the accounts feature with `setTokenRefresher`. It is called when a call answers 401 or 403; it
 * must refresh the tokens (storing them through session.setTokens, which also updates this client's
 * header) and resolve true, or, when refreshing fails, forget the tokens, send the user to
 * not-logged-in and resolve false. The client guarantees that only one refresh runs at a time:
 * calls failing meanwhile wait for it and are then retried once with the new token.
 */
export type TokenRefresher = () => Promise<boolean>;

/**
 * Seam for re-authentication before a sensitive change, plugged in by the reauthentication feature
 * with `setReauthenticator`. It is called when a call answers 400 on the `reauthenticate` key; it
 * asks the person to prove it is them (a dialog) and resolves true once the server accepted the
 * proof, false when they cancelled. On true the call is sent once more, so the person carries on
 * with what they were doing.
 */
export type Reauthenticator = () => Promise<boolean>;

export interface ApiClientOptions {
  fetch: typeof fetch;
  /**
   * The JSON text of a plain GET's 200 answer without a request, or undefined to send it: the
   * server render's own reads (render-scope.ts), which spare a Response made and read per call.
   */
  read?: (url: string) => Promise<string | undefined>;
  /** Prefix for every path; empty for same-origin `/api/...`. */
  baseUrl?: string;
}

export interface ApiClient {
  request<T = unknown>(path: string, options?: RequestOptions<T>): Promise<T>;
  get<T = unknown>(path: string, options?: Omit<RequestOptions<T>, 'method' | 'body'>): Promise<T>;
  post<T = unknown>(
    path: string,
    body?: unknown,
    options?: Omit<RequestOptions<T>, 'method' | 'body'>,
  ): Promise<T>;
  setAccessToken(token: string | null): void;
  getAccessToken(): string | null;
  setTokenRefresher(refresher: TokenRefresher | null): void;
  setReauthenticator(reauthenticator: Reauthenticator | null): void;
}

const SUCCESS_STATUSES = new Set([200, 204]);

function buildUrl(baseUrl: string, path: string, query: RequestOptions<unknown>['query']): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.append(name, String(value));
  }
  const search = params.toString();
  return `${baseUrl}${path}${search ? `?${search}` : ''}`;
}

type JsonBody = { ok: true; value: unknown } | { ok: false };

function parseJson(text: string): JsonBody {
  try {
    return { ok: true, value: text === '' ? undefined : JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

async function readJson(response: Response): Promise<JsonBody> {
  try {
    return parseJson(await response.text());
  } catch {
    return { ok: false };
  }
}

/** A successful answer's value: its JSON, through the schema when there is one. */
function successValue<T>(body: JsonBody, status: number, schema: ResponseSchema<T> | undefined): T {
  if (!body.ok) throw genericError(status);
  if (!schema) return body.value as T;
  const parsed = schema.safeParse(body.value);
  if (!parsed.success) throw genericError(status);
  return parsed.data;
}

const genericError = (status: number | null) =>
  new ApiError('generic', ERROR_MESSAGES.generic, status);

/** Whether a 400 asks for re-authentication; reads a copy, so the answer can still be read. */
async function asksForReauthentication(response: Response): Promise<boolean> {
  if (response.status !== 400) return false;
  const body = await readJson(response.clone());
  const parsed = body.ok ? readErrorBody(body.value) : null;
  return parsed?.errors[REAUTHENTICATION_ERROR_KEY] !== undefined;
}

/** Maps a non-success answer to section 8: 400 field map, 429, everything else unexpected. */
async function errorFromResponse(response: Response): Promise<ApiError> {
  const { status } = response;
  if (status === 429)
    return new ApiError('tooManyRequests', ERROR_MESSAGES.tooManyRequests, status);
  if (status !== 400) {
    return new ApiError('unexpectedServerError', ERROR_MESSAGES.unexpectedServerError, status);
  }
  const body = await readJson(response);
  const parsed = body.ok ? readErrorBody(body.value) : null;
  if (!parsed) return genericError(status);
  const errors = parsed.errors;
  const keys = Object.keys(errors);
  // Re-authentication that did not happen (the dialog was closed): a general message, not a field.
  const reauthentication = errors[REAUTHENTICATION_ERROR_KEY];
  if (reauthentication !== undefined) {
    return new ApiError('serverMessage', reauthentication, status);
  }
  const general = errors[GENERAL_ERROR_KEY];
  if (keys.length === 1 && general !== undefined) {
    return new ApiError('serverMessage', general, status);
  }
  if (keys.length === 0) return genericError(status);
  return new ApiError('validationFailed', ERROR_MESSAGES.validationFailed, status, errors);
}

export function createApiClient({
  fetch: fetchImpl,
  read,
  baseUrl = '',
}: ApiClientOptions): ApiClient {
  let accessToken: string | null = null;
  let refresher: TokenRefresher | null = null;
  let reauthenticator: Reauthenticator | null = null;
  let refreshInFlight: Promise<boolean> | null = null;

  /** One refresh at a time: every caller that fails meanwhile shares the same promise. */
  function refreshOnce(current: TokenRefresher): Promise<boolean> {
    refreshInFlight ??= current()
      .catch(() => false)
      .finally(() => {
        refreshInFlight = null;
      });
    return refreshInFlight;
  }

  async function send(path: string, options: RequestOptions<unknown>, token: string | null) {
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    if (token) headers.Authorization = `Bearer ${token}`;
    // A Blob (an uploaded file) goes as its raw bytes with its own type; anything else as JSON.
    const raw = typeof Blob !== 'undefined' && options.body instanceof Blob ? options.body : null;
    if (options.body !== undefined) {
      headers['Content-Type'] = raw ? raw.type || 'application/octet-stream' : 'application/json';
    }
    try {
      return await fetchImpl(buildUrl(baseUrl, path, options.query), {
        method: options.method ?? 'GET',
        headers,
        body: raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
        signal: options.signal,
      });
    } catch (error) {
      // A cancelled query is not a failure to report: let TanStack Query see the abort as is.
      if (options.signal?.aborted) throw error;
      throw genericError(null);
    }
  }

  /** A GET with nothing of its own (headers, token, reading) may be read without a request. */
  const isPlainGet = (options: RequestOptions<unknown>) =>
    (options.method ?? 'GET') === 'GET' &&
    options.body === undefined &&
    options.headers === undefined &&
    options.parse === undefined &&
    accessToken === null;

  async function request<T>(path: string, options: RequestOptions<T> = {}): Promise<T> {
    if (read && isPlainGet(options)) {
      const text = await read(buildUrl(baseUrl, path, options.query));
      if (text !== undefined) return successValue(parseJson(text), 200, options.schema);
    }
    const tokenUsed = accessToken;
    let response = await send(path, options, tokenUsed);

    if (REFRESH_TRIGGER_STATUSES.includes(response.status) && !options.skipTokenRefresh) {
      // Another call may already have refreshed while this one was under way: just retry then.
      const tokenChanged = accessToken !== null && accessToken !== tokenUsed;
      const retry = tokenChanged || (refresher !== null && (await refreshOnce(refresher)));
      if (retry) response = await send(path, options, accessToken);
    }
    if (
      reauthenticator !== null &&
      !options.skipReauthentication &&
      (await asksForReauthentication(response)) &&
      (await reauthenticator())
    ) {
      response = await send(path, options, accessToken);
    }

    const succeeded =
      SUCCESS_STATUSES.has(response.status) || options.successStatuses?.includes(response.status);
    if (!succeeded) throw await errorFromResponse(response);
    if (options.parse) return options.parse(response);
    if (response.status === 204) return undefined as T;

    return successValue(await readJson(response), response.status, options.schema);
  }

  return {
    request,
    get: (path, options) => request(path, { ...options, method: 'GET' }),
    post: (path, body, options) => request(path, { ...options, method: 'POST', body }),
    setAccessToken: (token) => {
      accessToken = token || null;
    },
    getAccessToken: () => accessToken,
    setTokenRefresher: (next) => {
      refresher = next;
    },
    setReauthenticator: (next) => {
      reauthenticator = next;
    },
  };
}

/**
 * The app's client; fetch is looked up per call so tests and polyfills can replace it, and so that
 * a server render asks the server it runs in (render-scope.ts).
 */
export const apiClient = createApiClient({
  fetch: (input, init) => {
    const scoped = import.meta.env.SSR ? renderScope()?.fetch : undefined;
    return (scoped ?? globalThis.fetch)(input, init);
  },
  read: import.meta.env.SSR ? async (url) => renderScope()?.read?.(url) : undefined,
});
