import type { Orientation } from '@pictura/contract';
import { drawableText, sharp } from '../../images/index.js';
import type {
  GenerateOptions,
  GeneratedImage,
  GenerationRequest,
  ImageGenerator,
} from '../image-generator.js';
import { createRandom, type Random } from './random.js';
import { STYLE_RECIPES } from './styles.js';
import type { StyleRecipe } from './style-recipe.js';
import type { Scene } from './svg.js';

/** Pixel sizes per orientation; the seed picks one, so a gallery shows several aspect ratios. */
export const PROCEDURAL_SIZES: Readonly<Record<Orientation, readonly [number, number][]>> = {
  Horizontal: [
    [1920, 1280],
    [1920, 1080],
    [1600, 1200],
  ],
  Vertical: [
    [1280, 1920],
    [1280, 1600],
  ],
  Square: [[1536, 1536]],
};

// Changing how pictures are drawn changes this, so the same request under a new version may differ.
const VERSION = 'procedural-1';
const GRAIN_TILE = 256;
const JPEG_QUALITY = 90;

/**
 * The built-in generator (docs/product/system.md): offline and deterministic. A seeded random
 * source drives an SVG composition in the style's palette, shapes and texture; sharp renders it and
 * adds grain. Same request, same bytes.
 */
export class ProceduralImageGenerator implements ImageGenerator {
  readonly name = 'procedural';

  async generate(
    request: GenerationRequest,
    options: GenerateOptions = {},
  ): Promise<GeneratedImage> {
    const { onProgress, signal } = options;
    const step = (stage: string, fraction: number) => {
      signal?.throwIfAborted();
      onProgress?.({ stage, fraction });
    };

    step('composing', 0);
    const rng = createRandom(
      VERSION,
      request.prompt,
      request.style,
      request.orientation,
      request.seed,
    );
    const [width, height] = rng.pick(PROCEDURAL_SIZES[request.orientation]);
    const recipe = STYLE_RECIPES[request.style];
    const svg = composeSvg(recipe, {
      width,
      height,
      rng,
      hue: createRandom(VERSION, 'hue', request.prompt).range(0, 360),
      words: drawableText(request.prompt)
        .split(' ')
        .filter((word) => word.length > 0 && word.length <= 12),
    });

    step('rendering', 0.3);
    const rendered = await sharp(svg).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    addGrain(rendered.data, rendered.info, rng, recipe.grain);

    step('encoding', 0.8);
    const bytes = await sharp(rendered.data, { raw: rendered.info })
      .jpeg({ quality: JPEG_QUALITY })
      .toBuffer();

    step('done', 1);
    return { bytes, contentType: 'image/jpeg', width, height };
  }
}

/** The SVG document of a recipe: its definitions, then its drawing. */
function composeSvg(recipe: StyleRecipe, inputs: Omit<Scene, 'define'>): Buffer {
  const definitions: string[] = [];
  const scene: Scene = {
    ...inputs,
    define(make) {
      const id = `d${definitions.length}`;
      definitions.push(make(id));
      return `url(#${id})`;
    },
  };
  const body = recipe.draw(scene);
  const { width, height } = inputs;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs>${definitions.join('')}</defs>${body}</svg>`,
  );
}

/**
 * Film grain: a seeded noise tile repeated over the picture, the same offset on each colour channel
 * so it reads as luminance. Done on the raw pixels in place, several times faster than compositing
 * a noise layer with a blend mode.
 */
function addGrain(
  pixels: Buffer,
  { width, height, channels }: { width: number; height: number; channels: number },
  rng: Random,
  strength: number,
): void {
  if (strength <= 0) return;
  const amplitude = 40 * strength;
  const tile = Int8Array.from({ length: GRAIN_TILE * GRAIN_TILE }, () =>
    Math.round((rng.next() * 2 - 1) * amplitude),
  );
  // The clamped view saturates at 0 and 255 instead of wrapping around.
  const clamped = new Uint8ClampedArray(pixels.buffer, pixels.byteOffset, pixels.length);
  let index = 0;
  for (let y = 0; y < height; y += 1) {
    const row = (y % GRAIN_TILE) * GRAIN_TILE;
    for (let x = 0; x < width; x += 1) {
      const offset = tile[row + (x % GRAIN_TILE)] ?? 0;
      for (let channel = 0; channel < channels; channel += 1) clamped[index + channel]! += offset;
      index += channels;
    }
  }
}
