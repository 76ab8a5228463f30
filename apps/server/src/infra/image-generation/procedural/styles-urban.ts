// Urban styles: neon cities, clean technology, painted walls.
import type { Style } from '@pictura/contract';
import type { StyleRecipe } from './style-recipe.js';
import { strokeTextPath, strokeTextWidth } from '../../images/index.js';
import {
  background,
  blobPath,
  circle,
  el,
  glowStroke,
  hsl,
  linearGradient,
  path,
  radialGradient,
  rect,
  round,
} from './svg.js';

const NEON = ['#ff2bd6', '#00e5ff', '#fffb00', '#7cff4f'];

/** A rainy neon city at night: dark towers, lit windows, glowing signs, a magenta horizon. */
const cyberpunk: StyleRecipe = {
  grain: 0.15,
  draw(scene) {
    const { rng, width, height } = scene;
    const horizon = height * 0.72;
    const parts = [background(scene, linearGradient(scene, ['#05030f', '#1a0633', '#5a0f5e']))];
    parts.push(
      rect(
        0,
        horizon - height * 0.2,
        width,
        height * 0.3,
        radialGradient(scene, ['#ff2bd6/0.55', '#ff2bd6/0'], 0.5, 0.6, 0.5),
      ),
    );
    let x = -rng.range(0, 40);
    while (x < width) {
      const w = width * rng.range(0.05, 0.12);
      const top = height * rng.range(0.12, 0.55);
      parts.push(rect(x, top, w, horizon - top, hsl(260, 40, rng.range(6, 14))));
      const neon = rng.pick(NEON);
      for (let wy = top + 12; wy < horizon - 10; wy += 22) {
        for (let wx = x + 8; wx < x + w - 10; wx += 16) {
          if (rng.chance(0.35))
            parts.push(rect(wx, wy, 7, 10, neon, { 'fill-opacity': rng.range(0.4, 0.95) }));
        }
      }
      if (rng.chance(0.35))
        parts.push(
          glowStroke(
            `M${x + w / 2} ${top + 30}L${x + w / 2} ${top + (horizon - top) * 0.6}`,
            rng.pick(NEON),
            width / 200,
          ),
        );
      x += w + rng.range(2, 14);
    }
    parts.push(rect(0, horizon, width, height - horizon, '#07040f'));
    for (let i = 0; i <= 16; i += 1) {
      const bottom = (i / 16) * width * 3 - width;
      parts.push(
        path(`M${width / 2} ${horizon}L${bottom} ${height}`, {
          stroke: '#ff2bd6',
          'stroke-opacity': 0.5,
          'stroke-width': 2,
        }),
      );
    }
    for (let i = 1; i < 8; i += 1) {
      const y = horizon + (height - horizon) * (i / 8) ** 1.8;
      parts.push(
        path(`M0 ${y}L${width} ${y}`, {
          stroke: '#00e5ff',
          'stroke-opacity': 0.45,
          'stroke-width': 2,
        }),
      );
    }
    const word = scene.words[0];
    if (word) {
      const size = Math.min(height * 0.07, (width * 0.5) / strokeTextWidth(word, 1));
      parts.push(
        glowStroke(strokeTextPath(word, width * 0.06, height * 0.08, size), '#00e5ff', size / 10, {
          'stroke-linejoin': 'round',
        }),
      );
    }
    for (let i = 0; i < 120; i += 1) {
      const rx = rng.range(0, width);
      const ry = rng.range(0, height);
      parts.push(
        path(`M${rx} ${ry}l-6 26`, {
          stroke: '#9fb6ff',
          'stroke-opacity': 0.25,
          'stroke-width': 1.5,
        }),
      );
    }
    return parts.join('');
  },
};

/** Clean future: pale light, concentric dashed rings, a hexagon lattice and orbiting points. */
const futuristic: StyleRecipe = {
  grain: 0.03,
  draw(scene) {
    const { rng, width, height, hue } = scene;
    const accent = hsl(185 + (hue % 40), 90, 45);
    const parts = [background(scene, linearGradient(scene, ['#f7fbff', hsl(200, 30, 86)], 120))];
    // One path of hexagons rather than an SVG pattern: librsvg renders patterns slowly.
    const hex = Math.round(width / 24);
    const h = (hex * Math.sqrt(3)) / 2;
    const cells: string[] = [];
    for (let row = 0; row * h <= height + h; row += 1) {
      for (let column = 0; column * hex * 3 <= width + hex * 3; column += 1) {
        const x = column * hex * 3 + (row % 2) * hex * 1.5;
        const y = row * h;
        cells.push(
          `M${round(x)} ${round(y)}l${hex / 2} ${-round(h)}h${hex}l${hex / 2} ${round(h)}l${-hex / 2} ${round(h)}h${-hex}z`,
        );
      }
    }
    parts.push(
      path(cells.join(''), {
        fill: 'none',
        stroke: '#9bb3c7',
        'stroke-width': 1.2,
        'stroke-opacity': 0.5,
      }),
    );
    const cx = width * rng.range(0.35, 0.65);
    const cy = height * rng.range(0.35, 0.65);
    const maxR = Math.min(width, height) * 0.42;
    for (let i = 1; i <= 7; i += 1) {
      const r = (maxR * i) / 7;
      parts.push(
        circle(cx, cy, r, 'none', {
          stroke: i % 3 === 0 ? accent : '#51616f',
          'stroke-width': i % 3 === 0 ? 4 : 1.5,
          'stroke-dasharray': `${round(rng.range(4, 60))} ${round(rng.range(4, 30))}`,
          'stroke-opacity': 0.85,
        }),
      );
    }
    for (let i = 0; i < 3; i += 1) {
      const r = maxR * rng.range(0.3, 1);
      const start = rng.range(0, Math.PI * 2);
      const end = start + rng.range(0.6, 2);
      const d = `M${cx + Math.cos(start) * r} ${cy + Math.sin(start) * r}A${r} ${r} 0 0 1 ${cx + Math.cos(end) * r} ${cy + Math.sin(end) * r}`;
      parts.push(
        path(d, { fill: 'none', stroke: accent, 'stroke-width': 10, 'stroke-linecap': 'round' }),
      );
    }
    for (let i = 0; i < 10; i += 1) {
      const angle = rng.range(0, Math.PI * 2);
      const r = maxR * rng.range(0.2, 1);
      parts.push(
        circle(
          cx + Math.cos(angle) * r,
          cy + Math.sin(angle) * r,
          rng.range(4, 12),
          i % 2 ? accent : '#1e2a35',
        ),
      );
    }
    parts.push(
      circle(cx, cy, maxR * 0.12, radialGradient(scene, ['#ffffff', accent], 0.4, 0.4, 0.7)),
    );
    return parts.join('');
  },
};

/** A brick wall with spray paint: drips, a sprayed tag, splatter. */
const urbanStreetArt: StyleRecipe = {
  grain: 0.25,
  draw(scene) {
    const { rng, width, height, hue } = scene;
    const brickW = Math.round(width / 14);
    const brickH = Math.round(brickW / 2.6);
    const bricks = scene.define((id) =>
      el(
        'pattern',
        { id, width: brickW, height: brickH * 2, patternUnits: 'userSpaceOnUse' },
        [
          rect(0, 0, brickW, brickH * 2, '#6e6259'),
          rect(2, 2, brickW - 4, brickH - 4, '#9a5a45'),
          rect(-brickW / 2 + 2, brickH + 2, brickW - 4, brickH - 4, '#8c4f3d'),
          rect(brickW / 2 + 2, brickH + 2, brickW - 4, brickH - 4, '#a36150'),
        ].join(''),
      ),
    );
    const parts = [background(scene, bricks)];
    const paints = [
      hsl(hue, 95, 55),
      hsl(hue + 120, 90, 50),
      hsl(hue + 240, 90, 60),
      '#ffffff',
      '#111111',
    ];
    for (let i = 0; i < 4; i += 1) {
      const colour = rng.pick(paints);
      const cx = rng.range(0, width);
      const cy = rng.range(0.1, 0.7) * height;
      const r = width * rng.range(0.08, 0.18);
      parts.push(path(blobPath(rng, cx, cy, r, 0.35, 12), { fill: colour, 'fill-opacity': 0.9 }));
      for (let drip = 0; drip < 5; drip += 1) {
        const dx = cx + rng.range(-r * 0.8, r * 0.8);
        const length = rng.range(0.05, 0.25) * height;
        parts.push(rect(dx, cy, width / 160, length + r * 0.5, colour, { rx: width / 320 }));
      }
    }
    const word = scene.words.slice(0, 2).join('') || 'TAG';
    const size = Math.min(height * 0.3, (width * 0.8) / strokeTextWidth(word, 1));
    const left = (width - strokeTextWidth(word, size)) / 2;
    const d = strokeTextPath(word, left, height * 0.55 - size / 2, size, size * 0.08, rng.next);
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
        stroke: rng.pick(paints.slice(0, 3)),
        'stroke-width': size / 7,
        'stroke-linecap': 'round',
        'stroke-linejoin': 'round',
      }),
    );
    for (let i = 0; i < 160; i += 1) {
      parts.push(
        circle(rng.range(0, width), rng.range(0, height), rng.range(1, 6), rng.pick(paints), {
          'fill-opacity': 0.8,
        }),
      );
    }
    return parts.join('');
  },
};

export const URBAN_STYLES = {
  Cyberpunk: cyberpunk,
  Futuristic: futuristic,
  UrbanStreetArt: urbanStreetArt,
} satisfies Partial<Record<Style, StyleRecipe>>;
