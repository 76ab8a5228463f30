/**
 * The software agent a manifest names for a picture's generator (`generation_jobs.generator`,
 * `offers.generator`): the image provider and, for OpenAI, the model. Undefined when unknown.
 */
export function generatorName(
  generator: string | null | undefined,
  model?: string,
): string | undefined {
  switch (generator) {
    case 'openai':
      return `OpenAI ${model ?? 'image model'}`;
    case 'sd-webui':
      return 'Stable Diffusion (SD WebUI)';
    case 'procedural':
      return 'Pictura procedural';
    default:
      return undefined;
  }
}
