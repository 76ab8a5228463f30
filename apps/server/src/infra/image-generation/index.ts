export type {
  GenerateOptions,
  GeneratedImage,
  GenerationProgress,
  GenerationRequest,
  ImageGenerator,
} from './image-generator.js';
export { PROCEDURAL_SIZES, ProceduralImageGenerator } from './procedural/procedural.js';
export { createImageGenerator } from './create-image-generator.js';
export { OpenAiImageGenerator, type OpenAiImageGeneratorOptions } from './openai.js';
export { SdWebuiImageGenerator, type SdWebuiImageGeneratorOptions } from './sd-webui.js';
export {
  ImageProviderError,
  ProviderRefusedError,
  ProviderResponseError,
  ProviderUnavailableError,
} from './provider-errors.js';
export { createRandom, type Random } from './procedural/random.js';
