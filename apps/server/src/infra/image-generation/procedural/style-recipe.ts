import type { Scene } from './svg.js';

/** How one style paints: its SVG, and how much film grain goes over the rendered picture. */
export interface StyleRecipe {
  /** SVG elements (without the root element) covering the whole canvas. */
  draw(scene: Scene): string;
  /** Strength of the grain texture, 0 (none) to 1. */
  grain: number;
}
