import type { Orientation, Style } from '@pictura/contract';

/** What to paint. The same request always gives the same picture from a deterministic provider. */
export interface GenerationRequest {
  prompt: string;
  style: Style;
  orientation: Orientation;
  /** Any whole number; together with the rest it fixes the picture. */
  seed: number;
  /** What the picture should not show; providers without the notion fold it into the prompt. */
  negativePrompt?: string;
}

export interface GeneratedImage {
  bytes: Buffer;
  contentType: 'image/jpeg' | 'image/png' | 'image/webp';
  width: number;
  height: number;
}

/** How far a generation has come: `fraction` grows from 0 to 1; `stage` names the step for logs. */
export interface GenerationProgress {
  fraction: number;
  stage: string;
}

export interface GenerateOptions {
  /** Called as the work advances, at least once with fraction 1 at the end. */
  onProgress?: (progress: GenerationProgress) => void;
  /** Stops the work; the promise then rejects with the signal's reason. */
  signal?: AbortSignal;
}

/**
 * A source of pictures (docs/product/system.md): the built-in procedural generator, and later
 * remote providers (OpenAI-compatible, Stable Diffusion WebUI) behind the same call.
 */
export interface ImageGenerator {
  /** Stable name, recorded with what it made. */
  readonly name: string;
  generate(request: GenerationRequest, options?: GenerateOptions): Promise<GeneratedImage>;
}
