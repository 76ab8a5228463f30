// The generation module's public face: paid image generation on the durable job queue.
export { generationModule } from './module.js';
export {
  startGenerationRuntime,
  type GenerationRuntime,
  type GenerationTuning,
} from './runtime.js';
export { readGeneratedPicture } from './picture-export.js';
// The back office's sales figures.
export { generationsByDay } from './daily-figures.js';
export { generationVatByMonth } from './vat-figures.js';
