// Scenic styles: skies, land and light.
import type { Style } from '@pictura/contract';
import type { Random } from './random.js';
import type { StyleRecipe } from './style-recipe.js';
import {
  background,
  blobPath,
  circle,
  hsl,
  linearGradient,
  path,
  polygon,
  radialGradient,
  rect,
  ridge,
} from './svg.js';

/** A cumulus cloud: overlapping circles, a shade under the lit ones. */
function cloud(
  rng: Random,
  x: number,
  y: number,
  size: number,
  light: string,
  shade: string,
): string {
  const puffs = Array.from(
    { length: 6 },
    () =>
      [rng.range(-1, 1) * size, rng.range(-0.5, 0.2) * size, rng.range(0.35, 0.6) * size] as const,
  );
  return [
    ...puffs.map(([dx, dy, r]) => circle(x + dx, y + dy + size * 0.12, r, shade)),
    ...puffs.map(([dx, dy, r]) => circle(x + dx, y + dy, r, light)),
  ].join('');
}

/** Cel-shaded anime sky: saturated blue, towering clouds, a sun with glare, two-tone hills. */
const anime: StyleRecipe = {
  grain: 0,
  draw(scene) {
    const { rng, width, height, hue } = scene;
    const parts = [
      background(scene, linearGradient(scene, ['#1f5fbf', '#4fa3e8', hsl(hue + 330, 80, 85)])),
    ];
    const sx = rng.range(0.15, 0.85) * width;
    const sy = height * rng.range(0.15, 0.3);
    parts.push(
      circle(
        sx,
        sy,
        width * 0.25,
        radialGradient(scene, ['#ffffff/0.9', '#fff6c8/0.35', '#fff6c8/0']),
      ),
    );
    for (let i = 0; i < 12; i += 1) {
      const angle = (i / 12) * Math.PI * 2 + rng.range(0, 0.2);
      const length = width * rng.range(0.15, 0.35);
      parts.push(
        path(`M${sx} ${sy}L${sx + Math.cos(angle) * length} ${sy + Math.sin(angle) * length}`, {
          stroke: '#ffffff',
          'stroke-opacity': 0.35,
          'stroke-width': width / 300,
        }),
      );
    }
    for (let i = 0; i < 4; i += 1) {
      parts.push(
        cloud(
          rng,
          rng.range(0, width),
          height * rng.range(0.25, 0.55),
          width * rng.range(0.08, 0.16),
          '#ffffff',
          '#b9d4f2',
        ),
      );
    }
    // Green to teal hills whatever the prompt's hue: the sky and clouds carry the variety.
    const hillHue = 95 + (hue % 60);
    const hill = hsl(hillHue, 60, 45);
    parts.push(ridge(scene, height * 0.78, height * 0.08, 0.4, hsl(hillHue, 55, 62)));
    parts.push(
      ridge(scene, height * 0.86, height * 0.06, 0.4, hill, {
        stroke: '#1c3b2a',
        'stroke-width': width / 400,
      }),
    );
    for (let i = 0; i < 30; i += 1) {
      const x = rng.range(0, width);
      const y = rng.range(0, height * 0.6);
      const s = rng.range(3, width / 150);
      parts.push(
        path(`M${x - s} ${y}L${x + s} ${y}M${x} ${y - s}L${x} ${y + s}`, {
          stroke: '#ffffff',
          'stroke-width': s / 3,
        }),
      );
    }
    return parts.join('');
  },
};

/** Soft pastel dream: floating islands and spheres, a large moon, ribbons of light. */
const dreamscape: StyleRecipe = {
  grain: 0.1,
  draw(scene) {
    const { rng, width, height, hue } = scene;
    const parts = [
      background(
        scene,
        linearGradient(scene, [
          hsl(hue + 260, 45, 35),
          hsl(hue + 300, 55, 70),
          hsl(hue + 20, 70, 85),
        ]),
      ),
    ];
    for (let i = 0; i < 80; i += 1)
      parts.push(
        circle(rng.range(0, width), rng.range(0, height * 0.5), rng.range(1, 3), '#fff', {
          'fill-opacity': rng.range(0.3, 0.9),
        }),
      );
    parts.push(
      circle(
        width * rng.range(0.2, 0.8),
        height * 0.28,
        Math.min(width, height) * 0.16,
        radialGradient(scene, ['#fffdf0', '#f6e7ff/0.9', '#f6e7ff/0'], 0.5, 0.5, 0.5),
      ),
    );
    for (let i = 0; i < 4; i += 1) {
      const y = height * rng.range(0.45, 0.9);
      const amplitude = height * rng.range(0.03, 0.08);
      const d = `M0 ${y}C${width * 0.3} ${y - amplitude} ${width * 0.6} ${y + amplitude} ${width} ${y - amplitude / 2}`;
      parts.push(
        path(d, {
          fill: 'none',
          stroke: hsl(hue + rng.range(180, 320), 70, 85),
          'stroke-width': height * rng.range(0.01, 0.04),
          'stroke-opacity': 0.45,
          'stroke-linecap': 'round',
        }),
      );
    }
    for (let i = 0; i < 3; i += 1) {
      const x = rng.range(0.15, 0.85) * width;
      const y = rng.range(0.4, 0.75) * height;
      const w = width * rng.range(0.08, 0.15);
      parts.push(
        polygon(
          [
            [x - w, y],
            [x + w, y],
            [x + w * 0.1, y + w * 1.2],
          ],
          hsl(hue + 280, 30, 40),
          { 'fill-opacity': 0.85 },
        ),
      );
      parts.push(path(blobPath(rng, x, y, w, 0.15, 10), { fill: hsl(hue + 150, 40, 65) }));
    }
    for (let i = 0; i < 5; i += 1) {
      const r = rng.range(0.015, 0.05) * width;
      parts.push(
        circle(
          rng.range(0, width),
          rng.range(0, height),
          r,
          radialGradient(
            scene,
            ['#ffffff', hsl(hue + 300, 60, 75), hsl(hue + 260, 50, 45)],
            0.35,
            0.35,
            0.7,
          ),
        ),
      );
    }
    return parts.join('');
  },
};

/** A landscape: layered mountains fading into haze, pines, a lake mirroring the sky. */
const nature: StyleRecipe = {
  grain: 0.1,
  draw(scene) {
    const { rng, width, height, hue } = scene;
    const greenHue = 100 + (hue % 60);
    const waterline = height * rng.range(0.7, 0.8);
    const parts = [background(scene, linearGradient(scene, [hsl(205, 60, 55), hsl(40, 70, 85)]))];
    parts.push(
      circle(width * rng.range(0.2, 0.8), height * rng.range(0.15, 0.35), width * 0.05, '#fff4d6', {
        'fill-opacity': 0.9,
      }),
    );
    for (let layer = 0; layer < 4; layer += 1) {
      parts.push(
        ridge(
          scene,
          height * (0.4 + layer * 0.09),
          height * (0.18 - layer * 0.03),
          0.55,
          hsl(greenHue + layer * 8, 25 + layer * 8, 68 - layer * 13),
        ),
      );
    }
    const treeColour = hsl(greenHue + 20, 45, 16);
    for (let i = 0; i < 26; i += 1) {
      const x = rng.range(0, width);
      const h = height * rng.range(0.06, 0.14);
      const base = waterline - rng.range(0, 0.05) * height;
      parts.push(
        polygon(
          [
            [x, base - h],
            [x - h * 0.25, base],
            [x + h * 0.25, base],
          ],
          treeColour,
        ),
      );
    }
    parts.push(
      rect(
        0,
        waterline,
        width,
        height - waterline,
        linearGradient(scene, [hsl(200, 45, 45), hsl(210, 50, 25)]),
      ),
    );
    for (let i = 0; i < 18; i += 1) {
      const y = rng.range(waterline, height);
      const x = rng.range(0, width);
      parts.push(rect(x, y, width * rng.range(0.05, 0.2), 2, '#ffffff', { 'fill-opacity': 0.25 }));
    }
    return parts.join('');
  },
};

export const SCENIC_STYLES = {
  Anime: anime,
  Dreamscape: dreamscape,
  Nature: nature,
} satisfies Partial<Record<Style, StyleRecipe>>;
