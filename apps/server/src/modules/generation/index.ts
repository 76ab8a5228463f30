// The generation module's public face: paid image generation on the durable job queue.
export { generationModule } from './module.js';
export {
  startGenerationRuntime,
  type GenerationConfig,
  type GenerationRuntime,
  type GenerationTuning,
} from './runtime.js';
export { generatedPictures, generationJobs } from './schema.js';
export { readGeneratedPicture, type ExportedPicture } from './picture-export.js';
// The back office's sales figures.
export { generationsByDay, type DailyGenerations } from './daily-figures.js';
