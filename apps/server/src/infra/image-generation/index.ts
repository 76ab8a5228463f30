export type {
  GenerateOptions,
  GeneratedImage,
  GenerationProgress,
  GenerationRequest,
  ImageGenerator,
} from './image-generator.js';
export { PROCEDURAL_SIZES, ProceduralImageGenerator } from './procedural.js';
export { createImageGenerator } from './create-image-generator.js';
export { OpenAiImageGenerator, type OpenAiImageGeneratorOptions } from './openai.js';
export { SdWebuiImageGenerator, type SdWebuiImageGeneratorOptions } from './sd-webui.js';
export {
  ImageProviderError,
  ProviderRefusedError,
  ProviderResponseError,
  ProviderUnavailableError,
} from './provider-errors.js';
export { drawableText, strokeTextPath, strokeTextWidth } from './stroke-font.js';
export { createRandom, type Random } from './random.js';
