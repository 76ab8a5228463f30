// Studio styles: lit objects, old prints, black and gold.
import type { Style } from '@pictura/contract';
import type { StyleRecipe } from './style-recipe.js';
import {
  background,
  circle,
  el,
  hsl,
  linearGradient,
  path,
  polygon,
  radialGradient,
  rect,
  ridge,
} from './svg.js';

/** A studio still life: shaded spheres on a table, soft shadows, a vignetted backdrop. */
const hyperrealism: StyleRecipe = {
  grain: 0.08,
  draw(scene) {
    const { rng, width, height, hue } = scene;
    const horizon = height * rng.range(0.55, 0.68);
    const parts = [
      background(
        scene,
        radialGradient(scene, [hsl(hue, 12, 62), hsl(hue, 15, 28)], 0.5, 0.35, 0.8),
      ),
      rect(
        0,
        horizon,
        width,
        height - horizon,
        linearGradient(scene, [hsl(hue + 20, 20, 42), hsl(hue + 20, 25, 22)]),
      ),
    ];
    const count = rng.int(1, 3);
    for (let i = 0; i < count; i += 1) {
      const r = Math.min(width, height) * rng.range(0.1, 0.22);
      const cx = width * ((i + 1) / (count + 1)) + rng.range(-0.05, 0.05) * width;
      const cy = horizon + (height - horizon) * rng.range(0.1, 0.5) - r;
      const base = hsl(hue + rng.range(-40, 40), rng.range(30, 80), rng.range(35, 60));
      parts.push(
        el('ellipse', {
          cx: cx + r * 0.3,
          cy: cy + r,
          rx: r * 1.3,
          ry: r * 0.25,
          fill: radialGradient(scene, ['#000000/0.55', '#000000/0']),
        }),
      );
      parts.push(
        circle(
          cx,
          cy,
          r,
          radialGradient(scene, ['#ffffff', base, hsl(hue, 20, 8)], 0.35, 0.3, 0.75),
        ),
      );
      parts.push(
        el('ellipse', {
          cx: cx - r * 0.35,
          cy: cy - r * 0.4,
          rx: r * 0.18,
          ry: r * 0.1,
          fill: '#ffffff',
          'fill-opacity': 0.8,
          transform: `rotate(-35 ${cx - r * 0.35} ${cy - r * 0.4})`,
        }),
      );
    }
    parts.push(
      background(
        scene,
        radialGradient(scene, ['#000000/0', '#000000/0', '#000000/0.45'], 0.5, 0.5, 0.75),
      ),
    );
    return parts.join('');
  },
};

/** An old print: sepia tones, a sunburst, a worn frame and a dark vignette. */
const vintage: StyleRecipe = {
  grain: 0.45,
  draw(scene) {
    const { rng, width, height } = scene;
    const tone = 30 + rng.range(-8, 8);
    const parts = [background(scene, hsl(tone, 45, 78))];
    const cx = width / 2;
    const cy = height * rng.range(0.55, 0.7);
    const rays = 24;
    for (let i = 0; i < rays; i += 2) {
      const a = (i / rays) * Math.PI * 2;
      const b = ((i + 1) / rays) * Math.PI * 2;
      const r = Math.max(width, height);
      parts.push(
        polygon(
          [
            [cx, cy],
            [cx + Math.cos(a) * r, cy + Math.sin(a) * r],
            [cx + Math.cos(b) * r, cy + Math.sin(b) * r],
          ],
          hsl(tone, 40, 70),
        ),
      );
    }
    parts.push(circle(cx, cy, Math.min(width, height) * 0.16, hsl(tone - 10, 55, 55)));
    parts.push(ridge(scene, height * 0.75, height * 0.06, 0.5, hsl(tone, 35, 45)));
    parts.push(ridge(scene, height * 0.85, height * 0.04, 0.5, hsl(tone, 40, 30)));
    for (let i = 0; i < 14; i += 1) {
      const x = rng.range(0, width);
      parts.push(
        path(`M${x} 0L${x + rng.range(-20, 20)} ${height}`, {
          stroke: '#fff8e6',
          'stroke-opacity': rng.range(0.1, 0.35),
          'stroke-width': rng.range(0.5, 2),
        }),
      );
    }
    const inset = Math.min(width, height) * 0.04;
    parts.push(
      rect(inset, inset, width - inset * 2, height - inset * 2, 'none', {
        stroke: hsl(tone, 40, 92),
        'stroke-width': inset / 3,
        rx: inset,
      }),
    );
    parts.push(
      background(
        scene,
        radialGradient(scene, ['#000000/0', '#000000/0.1', '#2b1a0a/0.65'], 0.5, 0.5, 0.72),
      ),
    );
    return parts.join('');
  },
};

/** Black and gold Art Deco: a fan of rays, stepped arches, a double frame, diamonds. */
const exclusive: StyleRecipe = {
  grain: 0.05,
  draw(scene) {
    const { rng, width, height } = scene;
    const gold = linearGradient(scene, ['#8a6a1f', '#f4d98b', '#b8892c', '#fbe8a6', '#7a5a16'], 35);
    const parts = [background(scene, radialGradient(scene, ['#1c1a17', '#050505'], 0.5, 0.4, 0.8))];
    const cx = width / 2;
    const cy = height * rng.range(0.75, 0.9);
    const rays = rng.pick([18, 24, 30]);
    const reach = Math.hypot(width, height);
    for (let i = 0; i <= rays; i += 1) {
      const angle = Math.PI + (i / rays) * Math.PI;
      parts.push(
        path(`M${cx} ${cy}L${cx + Math.cos(angle) * reach} ${cy + Math.sin(angle) * reach}`, {
          stroke: '#c9a54a',
          'stroke-width': i % 2 ? 1.5 : 3,
          'stroke-opacity': 0.7,
        }),
      );
    }
    const arches = rng.int(3, 5);
    for (let i = arches; i >= 1; i -= 1) {
      const r = Math.min(width, height) * 0.12 * i;
      parts.push(
        path(`M${cx - r} ${cy}A${r} ${r} 0 0 1 ${cx + r} ${cy}Z`, {
          fill: i % 2 ? '#0b0a09' : '#15120d',
          stroke: gold,
          'stroke-width': 4,
        }),
      );
    }
    for (const inset of [0.035, 0.05]) {
      const m = Math.min(width, height) * inset;
      parts.push(
        rect(m, m, width - m * 2, height - m * 2, 'none', {
          stroke: gold,
          'stroke-width': inset === 0.035 ? 5 : 2,
        }),
      );
    }
    const d = Math.min(width, height) * 0.03;
    for (const [x, y] of [
      [width / 2, height * 0.12],
      [width * 0.15, height * 0.5],
      [width * 0.85, height * 0.5],
    ] as const) {
      parts.push(
        polygon(
          [
            [x, y - d],
            [x + d, y],
            [x, y + d],
            [x - d, y],
          ],
          gold,
        ),
      );
    }
    return parts.join('');
  },
};

export const STUDIO_STYLES = {
  Hyperrealism: hyperrealism,
  Vintage: vintage,
  Exclusive: exclusive,
} satisfies Partial<Record<Style, StyleRecipe>>;
