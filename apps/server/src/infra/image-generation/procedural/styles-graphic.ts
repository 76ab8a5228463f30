// Graphic styles: soft colour, flat shapes, Bauhaus geometry.
import type { Style } from '@pictura/contract';
import type { StyleRecipe } from './style-recipe.js';
import {
  background,
  circle,
  el,
  group,
  hsl,
  linearGradient,
  polygon,
  radialGradient,
  rect,
  ridge,
  type Scene,
} from './svg.js';

const BAUHAUS = ['#d62828', '#f7b801', '#1d4e89', '#111111', '#f1e9da'];

function clipCell(scene: Scene, x: number, y: number, size: number): string {
  return scene.define((id) => el('clipPath', { id }, rect(x, y, size, size, '#000')));
}

/** No particular style: a soft mesh of colour. */
const none: StyleRecipe = {
  grain: 0.15,
  draw(scene) {
    const { rng, width, height, hue } = scene;
    const parts = [
      background(scene, linearGradient(scene, [hsl(hue, 45, 30), hsl(hue + 60, 50, 60)], 60)),
    ];
    for (let i = 0; i < 5; i += 1) {
      const colour = hsl(hue + rng.range(-80, 80), 70, rng.range(45, 75));
      const fill = radialGradient(scene, [`${colour}/0.9`, `${colour}/0`]);
      parts.push(
        circle(rng.range(0, width), rng.range(0, height), rng.range(0.2, 0.45) * width, fill),
      );
    }
    return parts.join('');
  },
};

/** Flat colours, no gradients: a landscape of layered shapes under a round sun. */
const flatDesign: StyleRecipe = {
  grain: 0,
  draw(scene) {
    const { rng, width, height, hue } = scene;
    const parts = [background(scene, hsl(hue + 190, 55, 78))];
    parts.push(
      circle(
        rng.range(0.2, 0.8) * width,
        height * rng.range(0.2, 0.35),
        width * 0.09,
        hsl(hue + 40, 90, 62),
      ),
    );
    for (let i = 0; i < 3; i += 1) {
      const y = rng.range(0.08, 0.3) * height;
      const x = rng.range(0, width);
      const cloud = hsl(0, 0, 97);
      parts.push(rect(x, y, width * 0.16, height * 0.05, cloud, { rx: height * 0.025 }));
      parts.push(
        rect(x + width * 0.04, y - height * 0.03, width * 0.07, height * 0.06, cloud, {
          rx: height * 0.03,
        }),
      );
    }
    const layers = 4;
    for (let i = 0; i < layers; i += 1) {
      const base = height * (0.55 + i * 0.12);
      parts.push(ridge(scene, base, height * 0.12, 0.35, hsl(hue + 140 + i * 12, 45, 55 - i * 10)));
    }
    return parts.join('');
  },
};

/** A Bauhaus grid: each cell a primary colour and one shape. */
const modernGeometric: StyleRecipe = {
  grain: 0.05,
  draw(scene) {
    const { rng, width, height } = scene;
    const columns = width >= height ? 6 : 4;
    const size = width / columns;
    const rows = Math.ceil(height / size);
    const parts: string[] = [];
    for (let row = 0; row < rows; row += 1) {
      for (let column = 0; column < columns; column += 1) {
        const x = column * size;
        const y = row * size;
        const back = rng.pick(BAUHAUS);
        const front = rng.pick(BAUHAUS.filter((colour) => colour !== back));
        parts.push(rect(x, y, size, size, back));
        const shape = rng.int(0, 4);
        if (shape === 0) {
          parts.push(circle(x + size / 2, y + size / 2, size * 0.38, front));
        } else if (shape === 1) {
          const corner = rng.int(0, 3);
          const cx = corner % 2 === 0 ? x : x + size;
          const cy = corner < 2 ? y : y + size;
          parts.push(
            group({ 'clip-path': clipCell(scene, x, y, size) }, circle(cx, cy, size, front)),
          );
        } else if (shape === 2) {
          parts.push(
            polygon(
              [
                [x, y + size],
                [x + size, y + size],
                [x + (rng.chance(0.5) ? 0 : size), y],
              ],
              front,
            ),
          );
        } else if (shape === 3) {
          parts.push(
            group(
              { 'clip-path': clipCell(scene, x, y, size) },
              circle(x + size / 2, y + size, size / 2, front),
            ),
          );
        } else {
          for (let stripe = 0; stripe < 4; stripe += 1) {
            parts.push(rect(x, y + (stripe * size) / 4, size, size / 8, front));
          }
        }
      }
    }
    return parts.join('');
  },
};

export const GRAPHIC_STYLES = {
  None: none,
  FlatDesign: flatDesign,
  ModernGeometric: modernGeometric,
} satisfies Partial<Record<Style, StyleRecipe>>;
