// Crafted styles: sticker collages and pencil sketches.
import type { Style } from '@pictura/contract';
import type { StyleRecipe } from './style-recipe.js';
import { background, blobPath, circle, el, group, hsl, path, rect, round } from './svg.js';

/** Sticker collage: stars, hearts, bolts and badges with white borders over a checkerboard. */
const popCulture: StyleRecipe = {
  grain: 0.05,
  draw(scene) {
    const { rng, width, height, hue } = scene;
    const cell = Math.round(width / 16);
    const checks = scene.define((id) =>
      el(
        'pattern',
        { id, width: cell * 2, height: cell * 2, patternUnits: 'userSpaceOnUse' },
        rect(0, 0, cell, cell, '#000', { 'fill-opacity': 0.08 }) +
          rect(cell, cell, cell, cell, '#000', { 'fill-opacity': 0.08 }),
      ),
    );
    const parts = [background(scene, hsl(hue + 300, 70, 86)), background(scene, checks)];
    const colours = [
      hsl(hue, 90, 58),
      hsl(hue + 60, 95, 55),
      hsl(hue + 180, 80, 50),
      hsl(hue + 270, 75, 60),
    ];
    const sticker = { stroke: '#ffffff', 'stroke-width': width / 110, 'stroke-linejoin': 'round' };
    const shadow = { fill: '#000', 'fill-opacity': 0.25 };
    for (let i = 0; i < 14; i += 1) {
      const x = rng.range(0.05, 0.95) * width;
      const y = rng.range(0.05, 0.95) * height;
      const s = Math.min(width, height) * rng.range(0.06, 0.13);
      const kind = rng.int(0, 3);
      let d: string;
      if (kind === 0) {
        const points = Array.from({ length: 10 }, (_, k) => {
          const angle = (k / 10) * Math.PI * 2 - Math.PI / 2;
          const r = k % 2 === 0 ? s : s * 0.45;
          return `${round(x + Math.cos(angle) * r)} ${round(y + Math.sin(angle) * r)}`;
        });
        d = `M${points.join('L')}Z`;
      } else if (kind === 1) {
        d = `M${x} ${y + s * 0.8}C${x - s * 1.6} ${y - s * 0.2} ${x - s * 0.6} ${y - s * 1.2} ${x} ${y - s * 0.4}C${x + s * 0.6} ${y - s * 1.2} ${x + s * 1.6} ${y - s * 0.2} ${x} ${y + s * 0.8}Z`;
      } else if (kind === 2) {
        d = `M${x + s * 0.2} ${y - s}L${x - s * 0.5} ${y + s * 0.1}L${x} ${y + s * 0.1}L${x - s * 0.2} ${y + s}L${x + s * 0.5} ${y - s * 0.1}L${x} ${y - s * 0.1}Z`;
      } else {
        d = `M${x - s} ${y}A${s} ${s} 0 1 0 ${x + s} ${y}A${s} ${s} 0 1 0 ${x - s} ${y}Z`;
      }
      const angle = round(rng.range(-25, 25));
      parts.push(
        group(
          { transform: `rotate(${angle} ${round(x)} ${round(y)})` },
          [
            path(d, { ...shadow, transform: `translate(${round(s * 0.12)} ${round(s * 0.12)})` }),
            path(d, { fill: rng.pick(colours), ...sticker }),
          ].join(''),
        ),
      );
    }
    return parts.join('');
  },
};

/** A pencil sketch on ruled paper: wobbly doubled outlines, hatching and watercolour washes. */
const handDrawn: StyleRecipe = {
  grain: 0.3,
  draw(scene) {
    const { rng, width, height, hue } = scene;
    const parts = [background(scene, '#f6f1e4')];
    const rule = Math.round(height / 28);
    for (let y = rule * 2; y < height; y += rule)
      parts.push(
        path(`M0 ${y}L${width} ${y}`, {
          stroke: '#9bb8d6',
          'stroke-opacity': 0.5,
          'stroke-width': 1.2,
        }),
      );
    parts.push(
      path(`M${width * 0.08} 0L${width * 0.08} ${height}`, {
        stroke: '#e08a8a',
        'stroke-opacity': 0.6,
        'stroke-width': 1.5,
      }),
    );
    const pencil = {
      fill: 'none',
      stroke: '#2e2a26',
      'stroke-width': Math.max(1.5, width / 700),
      'stroke-linecap': 'round',
      'stroke-linejoin': 'round',
      'stroke-opacity': 0.85,
    };
    for (let i = 0; i < 5; i += 1) {
      const cx = rng.range(0.15, 0.85) * width;
      const cy = rng.range(0.15, 0.85) * height;
      const r = Math.min(width, height) * rng.range(0.07, 0.18);
      const wash = hsl(hue + rng.range(-60, 60), 55, 70);
      parts.push(
        path(blobPath(rng, cx + r * 0.15, cy + r * 0.1, r * 1.05, 0.25, 9), {
          fill: wash,
          'fill-opacity': 0.45,
        }),
      );
      for (let pass = 0; pass < 2; pass += 1)
        parts.push(path(blobPath(rng, cx, cy, r, 0.12, 14), pencil));
      const clip = scene.define((id) => el('clipPath', { id }, circle(cx, cy, r * 0.95, '#000')));
      const hatching: string[] = [];
      for (let k = -r; k < r; k += r / 7)
        hatching.push(
          `M${round(cx + k - r)} ${round(cy + r)}L${round(cx + k + r)} ${round(cy - r)}`,
        );
      parts.push(
        group({ 'clip-path': clip }, path(hatching.join(''), { ...pencil, 'stroke-opacity': 0.4 })),
      );
    }
    for (let i = 0; i < 6; i += 1) {
      let d = `M${rng.range(0, width)} ${rng.range(0, height)}`;
      for (let k = 0; k < 4; k += 1)
        d += `Q${round(rng.range(0, width))} ${round(rng.range(0, height))} ${round(rng.range(0, width))} ${round(rng.range(0, height))}`;
      parts.push(path(d, { ...pencil, 'stroke-opacity': 0.5 }));
    }
    return parts.join('');
  },
};

export const CRAFTED_STYLES = {
  PopCulture: popCulture,
  HandDrawn: handDrawn,
} satisfies Partial<Record<Style, StyleRecipe>>;
