import type { Style } from '@pictura/contract';
import type { GenerationRequest } from './image-generator.js';

/**
 * How each style is put into words for a text-to-image model: remote providers know no Pictura
 * styles, only what the prompt says. `None` adds nothing.
 */
export const STYLE_PROMPTS: Readonly<Record<Style, string>> = {
  None: '',
  Anime: 'anime illustration, cel shading, clean line art',
  Cyberpunk: 'cyberpunk, neon light, rainy night city, high tech',
  Dreamscape: 'surreal dreamscape, soft glow, floating forms, ethereal light',
  Exclusive: 'luxurious fine-art piece, elegant composition, rich detail',
  Hyperrealism: 'hyperrealistic, photographic detail, sharp focus',
  Vintage: 'vintage photograph, faded colours, film grain',
  FlatDesign: 'flat design illustration, simple shapes, solid colours',
  Futuristic: 'futuristic, sleek science-fiction design, chrome and light',
  HandDrawn: 'hand-drawn pencil and ink sketch, visible strokes',
  ModernGeometric: 'modern geometric art, bold shapes, clean lines',
  Nature: 'nature scene, natural light, organic textures',
  PopArt: 'pop art, bold outlines, halftone dots, vivid colours',
  PopCulture: 'pop culture poster, iconic, vibrant',
  Typography: 'typographic poster, bold lettering as the main element',
  UrbanStreetArt: 'urban street art, graffiti, spray paint on a wall',
  AbstractArt: 'abstract art, expressive colour fields, non-figurative',
};

/**
 * One prompt for APIs without a negative prompt or a style setting (OpenAI's Images API): the
 * style and what to avoid are written into the text.
 */
export function foldedPrompt(request: GenerationRequest): string {
  const style = STYLE_PROMPTS[request.style];
  const avoid = request.negativePrompt?.trim();
  return [request.prompt.trim(), style ? `Style: ${style}.` : '', avoid ? `Avoid: ${avoid}.` : '']
    .filter((part) => part.length > 0)
    .join('\n\n');
}

/** Stable Diffusion's positive prompt: the user's words, then the style's tags. */
export function taggedPrompt(request: GenerationRequest): string {
  const style = STYLE_PROMPTS[request.style];
  return style ? `${request.prompt.trim()}, ${style}` : request.prompt.trim();
}
