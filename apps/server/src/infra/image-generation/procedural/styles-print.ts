// Print styles: comics, lettering, abstract composition.
import type { Style } from '@pictura/contract';
import type { StyleRecipe } from './style-recipe.js';
import { strokeTextPath, strokeTextWidth } from '../../images/index.js';
import { background, blobPath, circle, el, hsl, path, polygon, rect } from './svg.js';

/** Comic print: Ben-Day dots, a burst with a heavy outline, primary colours. */
const popArt: StyleRecipe = {
  grain: 0,
  draw(scene) {
    const { rng, width, height, hue } = scene;
    const paper = rng.pick(['#ffe14d', '#4dd2ff', '#ff5fa2']);
    const dot = rng.pick(['#e63946', '#1d3557', '#ff006e']);
    const spacing = Math.round(width / 60);
    const dots = scene.define((id) =>
      el(
        'pattern',
        { id, width: spacing, height: spacing, patternUnits: 'userSpaceOnUse' },
        circle(spacing / 2, spacing / 2, spacing * 0.3, dot),
      ),
    );
    const parts = [background(scene, paper), background(scene, dots)];
    const cx = width * rng.range(0.35, 0.65);
    const cy = height * rng.range(0.35, 0.65);
    const spikes = rng.int(12, 18);
    const outer = Math.min(width, height) * 0.45;
    const points: [number, number][] = [];
    for (let i = 0; i < spikes * 2; i += 1) {
      const angle = (i / (spikes * 2)) * Math.PI * 2;
      const r = i % 2 === 0 ? outer * rng.range(0.85, 1.1) : outer * 0.62;
      points.push([cx + Math.cos(angle) * r, cy + Math.sin(angle) * r]);
    }
    const outline = { stroke: '#111', 'stroke-width': width / 90, 'stroke-linejoin': 'round' };
    parts.push(polygon(points, hsl(hue, 95, 55), outline));
    parts.push(circle(cx, cy, outer * 0.45, '#fff', outline));
    const word = scene.words.find((candidate) => candidate.length <= 6) ?? 'POP';
    const size = Math.min((outer * 0.7) / Math.max(1, strokeTextWidth(word, 1)), outer * 0.35);
    const d = strokeTextPath(word, cx - strokeTextWidth(word, size) / 2, cy - size / 2, size);
    parts.push(
      path(d, {
        fill: 'none',
        stroke: '#111',
        'stroke-width': size / 4,
        'stroke-linecap': 'round',
        'stroke-linejoin': 'round',
      }),
    );
    parts.push(
      path(d, {
        fill: 'none',
        stroke: dot,
        'stroke-width': size / 9,
        'stroke-linecap': 'round',
        'stroke-linejoin': 'round',
      }),
    );
    return parts.join('');
  },
};

/** A letter poster: the prompt's words set large in bold strokes. */
const typography: StyleRecipe = {
  grain: 0.1,
  draw(scene) {
    const { rng, width, height, hue } = scene;
    const dark = rng.chance(0.5);
    const parts = [background(scene, dark ? hsl(hue, 30, 12) : hsl(hue + 30, 35, 90))];
    const words = scene.words.length > 0 ? scene.words.slice(0, 5) : ['ART'];
    const margin = width * 0.08;
    let y = height * 0.1;
    const lineGap = height * 0.035;
    const available = height * 0.8;
    const lineHeight = Math.min(available / words.length - lineGap, height * 0.28);
    for (const word of words) {
      const size = Math.min(
        lineHeight,
        (width - margin * 2) / Math.max(1, strokeTextWidth(word, 1)),
      );
      const colour = rng.chance(0.3)
        ? hsl(hue + 180, 85, 55)
        : dark
          ? hsl(hue, 20, 92)
          : hsl(hue, 60, 18);
      parts.push(
        path(strokeTextPath(word, margin, y, size), {
          fill: 'none',
          stroke: colour,
          'stroke-width': size / 7,
          'stroke-linecap': 'square',
          'stroke-linejoin': 'miter',
        }),
      );
      y += size + lineGap;
    }
    parts.push(
      rect(
        margin,
        height * 0.93,
        width * rng.range(0.2, 0.6),
        height * 0.012,
        hsl(hue + 180, 85, 55),
      ),
    );
    return parts.join('');
  },
};

/** Kandinsky-like composition: rings, lines, arcs and triangles on warm paper. */
const abstractArt: StyleRecipe = {
  grain: 0.2,
  draw(scene) {
    const { rng, width, height, hue } = scene;
    const colours = [
      hsl(hue, 80, 50),
      hsl(hue + 50, 85, 55),
      hsl(hue + 200, 70, 40),
      '#1b1b1b',
      hsl(hue + 120, 60, 45),
    ];
    const parts = [background(scene, hsl(hue + 40, 40, 88))];
    for (let i = 0; i < 5; i += 1) {
      parts.push(
        path(
          blobPath(
            rng,
            rng.range(0, width),
            rng.range(0, height),
            width * rng.range(0.1, 0.25),
            0.5,
          ),
          { fill: rng.pick(colours), 'fill-opacity': 0.25 },
        ),
      );
    }
    for (let i = 0; i < 4; i += 1) {
      const cx = rng.range(0.1, 0.9) * width;
      const cy = rng.range(0.1, 0.9) * height;
      const r = rng.range(0.04, 0.14) * width;
      for (let ring = 3; ring >= 1; ring -= 1)
        parts.push(circle(cx, cy, (r * ring) / 3, rng.pick(colours)));
    }
    for (let i = 0; i < 9; i += 1) {
      const x = rng.range(0, width);
      const y = rng.range(0, height);
      const angle = rng.range(0, Math.PI);
      const length = rng.range(0.2, 0.7) * width;
      parts.push(
        path(`M${x} ${y}L${x + Math.cos(angle) * length} ${y + Math.sin(angle) * length}`, {
          stroke: '#1b1b1b',
          'stroke-width': rng.range(2, width / 120),
        }),
      );
    }
    for (let i = 0; i < 4; i += 1) {
      const x = rng.range(0, width);
      const y = rng.range(0, height);
      const s = rng.range(0.05, 0.15) * width;
      parts.push(
        polygon(
          [
            [x, y],
            [x + s, y + s * rng.range(0.2, 1)],
            [x - s * 0.3, y + s],
          ],
          rng.pick(colours),
        ),
      );
    }
    for (let i = 0; i < 3; i += 1) {
      const x = rng.range(0, width);
      const y = rng.range(0, height);
      const r = rng.range(0.1, 0.3) * width;
      parts.push(
        path(`M${x - r} ${y}A${r} ${r} 0 0 1 ${x + r} ${y}`, {
          fill: 'none',
          stroke: rng.pick(colours),
          'stroke-width': width / 150,
        }),
      );
    }
    return parts.join('');
  },
};

export const PRINT_STYLES = {
  PopArt: popArt,
  Typography: typography,
  AbstractArt: abstractArt,
} satisfies Partial<Record<Style, StyleRecipe>>;
