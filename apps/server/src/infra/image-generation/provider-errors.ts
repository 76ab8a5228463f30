/**
 * Why a remote image provider gave no picture. The generation job decides from `retryable` whether
 * to try again later or to fail the generation (and give the money back). Messages name the
 * provider and what went wrong; they never hold the API key, the prompt or image bytes.
 */
export abstract class ImageProviderError extends Error {
  abstract readonly retryable: boolean;

  constructor(
    /** The generator's name: `openai` or `sd-webui`. */
    readonly provider: string,
    reason: string,
    options?: ErrorOptions,
  ) {
    super(`${provider}: ${reason}`, options);
  }
}

/** The provider's content filter refused the prompt (or the picture it made). Asking again is futile. */
export class ProviderRefusedError extends ImageProviderError {
  readonly retryable = false;

  constructor(
    provider: string,
    /** The provider's own words, shortened, for logs and support. */
    readonly detail: string,
  ) {
    super(provider, `refused the prompt (${detail})`);
    this.name = 'ProviderRefusedError';
  }
}

/** Busy, down, rate-limited, unreachable or too slow: the same request may well work later. */
export class ProviderUnavailableError extends ImageProviderError {
  readonly retryable = true;

  constructor(
    provider: string,
    reason: string,
    /** The provider's `Retry-After`, when it sent one. */
    readonly retryAfterSeconds?: number,
    options?: ErrorOptions,
  ) {
    super(provider, reason, options);
    this.name = 'ProviderUnavailableError';
  }
}

/**
 * An answer we cannot use: not JSON, the wrong shape, too large, not a picture, or a 4xx that is
 * not a refusal (a bad key or a request the provider does not accept). Retrying would pay for the
 * same failure again, so it is not retryable; the configuration or the provider needs a look.
 */
export class ProviderResponseError extends ImageProviderError {
  readonly retryable = false;

  constructor(provider: string, reason: string, options?: ErrorOptions) {
    super(provider, reason, options);
    this.name = 'ProviderResponseError';
  }
}
