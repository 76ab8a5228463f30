// The generation module's public face (issue 6): paid image generation on the durable job queue.
export { generationModule, type GenerationModuleOptions } from './module.js';
export {
  startGenerationRuntime,
  type GenerationConfig,
  type GenerationRuntime,
  type GenerationTuning,
} from './runtime.js';
export { generatedPictures, generationJobs } from './schema.js';
