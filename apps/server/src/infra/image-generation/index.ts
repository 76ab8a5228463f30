export type {
  GenerateOptions,
  GeneratedImage,
  GenerationProgress,
  GenerationRequest,
  ImageGenerator,
} from './image-generator.js';
export { PROCEDURAL_SIZES, ProceduralImageGenerator } from './procedural.js';
export { drawableText, strokeTextPath, strokeTextWidth } from './stroke-font.js';
export { createRandom, type Random } from './random.js';
