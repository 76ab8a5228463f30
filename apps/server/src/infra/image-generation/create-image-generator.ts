import type { ImageGenerationConfig } from '../../config.js';
import type { ImageGenerator } from './image-generator.js';
import { OpenAiImageGenerator } from './openai.js';
import { ProceduralImageGenerator } from './procedural/procedural.js';
import { SdWebuiImageGenerator } from './sd-webui.js';

/**
 * The generator the configuration asks for (docs/product/system.md): procedural unless
 * IMAGE_PROVIDER says otherwise.
 */
export function createImageGenerator(config: ImageGenerationConfig): ImageGenerator {
  if (config.provider === 'procedural') return new ProceduralImageGenerator();
  const timeoutMs = config.timeoutSeconds * 1000;
  if (config.provider === 'openai') {
    return new OpenAiImageGenerator({
      baseUrl: config.apiUrl,
      apiKey: config.apiKey,
      model: config.model,
      timeoutMs,
    });
  }
  return new SdWebuiImageGenerator({
    baseUrl: config.apiUrl,
    credentials: config.apiKey,
    timeoutMs,
  });
}
