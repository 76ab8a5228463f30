import type { Random } from './random.js';

// Small builders for the SVG that each style composes. Nothing from the prompt is ever written
// into the markup as text: only numbers and colours made here, so the SVG cannot be injected into.

/** What a style draws on: the canvas, its random source and the prompt-derived inputs. */
export interface Scene {
  readonly width: number;
  readonly height: number;
  readonly rng: Random;
  /** A hue in degrees taken from the prompt, so that different prompts shift the palette. */
  readonly hue: number;
  /** The prompt's words, upper-cased, only letters and digits (for lettering styles). */
  readonly words: readonly string[];
  /** Adds a definition (gradient, pattern) and returns its `url(#id)`. */
  define(make: (id: string) => string): string;
}

export type Attributes = Readonly<Record<string, string | number | undefined>>;

export const round = (value: number): number => Math.round(value * 10) / 10;

/** One element; numbers are rounded to a tenth, undefined attributes left out. */
export function el(tag: string, attributes: Attributes, children = ''): string {
  const text = Object.entries(attributes)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${name}="${typeof value === 'number' ? round(value) : value}"`)
    .join(' ');
  return children ? `<${tag} ${text}>${children}</${tag}>` : `<${tag} ${text}/>`;
}

/** A colour from hue (degrees, any value), saturation and lightness (0 to 100) as #rrggbb. */
export function hsl(hue: number, saturation: number, lightness: number): string {
  const h = (((hue % 360) + 360) % 360) / 360;
  const s = clamp(saturation, 0, 100) / 100;
  const l = clamp(lightness, 0, 100) / 100;
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t: number): string => {
    const u = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
    const value =
      u < 1 / 6
        ? p + (q - p) * 6 * u
        : u < 1 / 2
          ? q
          : u < 2 / 3
            ? p + (q - p) * (2 / 3 - u) * 6
            : p;
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(h + 1 / 3)}${channel(h)}${channel(h - 1 / 3)}`;
}

export const clamp = (value: number, min: number, max: number): number =>
  Math.min(max, Math.max(min, value));

export const rect = (
  x: number,
  y: number,
  width: number,
  height: number,
  fill: string,
  extra: Attributes = {},
) => el('rect', { x, y, width, height, fill, ...extra });

export const circle = (cx: number, cy: number, r: number, fill: string, extra: Attributes = {}) =>
  el('circle', { cx, cy, r, fill, ...extra });

export const polygon = (
  points: readonly (readonly [number, number])[],
  fill: string,
  extra: Attributes = {},
) =>
  el('polygon', {
    points: points.map(([x, y]) => `${round(x)},${round(y)}`).join(' '),
    fill,
    ...extra,
  });

export const path = (d: string, extra: Attributes) => el('path', { d, ...extra });

export const group = (attributes: Attributes, children: string) => el('g', attributes, children);

/** A linear gradient at `angle` degrees (0 = left to right, 90 = top to bottom). */
export function linearGradient(scene: Scene, colours: readonly string[], angle = 90): string {
  const radians = (angle * Math.PI) / 180;
  const dx = Math.cos(radians) / 2;
  const dy = Math.sin(radians) / 2;
  return scene.define((id) =>
    el(
      'linearGradient',
      { id, x1: 0.5 - dx, y1: 0.5 - dy, x2: 0.5 + dx, y2: 0.5 + dy },
      stops(colours),
    ),
  );
}

/** A radial gradient centred at (cx, cy) in fractions of the shape's box. */
export function radialGradient(
  scene: Scene,
  colours: readonly string[],
  cx = 0.5,
  cy = 0.5,
  r = 0.5,
): string {
  return scene.define((id) => el('radialGradient', { id, cx, cy, r }, stops(colours)));
}

/** Colours may carry an opacity as `#rrggbb/0.4`. */
function stops(colours: readonly string[]): string {
  return colours
    .map((colour, index) => {
      const [stopColour, opacity] = colour.split('/');
      return el('stop', {
        offset: colours.length === 1 ? 0 : index / (colours.length - 1),
        'stop-color': stopColour,
        'stop-opacity': opacity,
      });
    })
    .join('');
}

/** A full-canvas rectangle. */
export const background = (scene: Scene, fill: string, extra: Attributes = {}) =>
  rect(0, 0, scene.width, scene.height, fill, extra);

/**
 * A ridge line from the left edge to the right (midpoint displacement), closed along the bottom:
 * mountains, hills, dunes, waves.
 */
export function ridge(
  scene: Scene,
  baseY: number,
  amplitude: number,
  roughness: number,
  fill: string,
  extra: Attributes = {},
): string {
  const { width, height, rng } = scene;
  const segments = 32;
  const heights = new Array<number>(segments + 1).fill(0);
  heights[0] = rng.range(-1, 1);
  heights[segments] = rng.range(-1, 1);
  const divide = (from: number, to: number, spread: number): void => {
    if (to - from < 2) return;
    const middle = (from + to) >> 1;
    heights[middle] = ((heights[from] ?? 0) + (heights[to] ?? 0)) / 2 + rng.range(-spread, spread);
    divide(from, middle, spread * roughness);
    divide(middle, to, spread * roughness);
  };
  divide(0, segments, 1);
  const points: [number, number][] = heights.map((value, index) => [
    (index / segments) * width,
    baseY - value * amplitude,
  ]);
  return polygon([...points, [width, height], [0, height]], fill, extra);
}

/** A soft glow: the same stroke drawn wide and faint, then narrow and bright (cheaper than a blur filter). */
export function glowStroke(
  d: string,
  colour: string,
  width: number,
  extra: Attributes = {},
): string {
  return [
    path(d, {
      fill: 'none',
      stroke: colour,
      'stroke-width': width * 6,
      'stroke-opacity': 0.08,
      'stroke-linecap': 'round',
      ...extra,
    }),
    path(d, {
      fill: 'none',
      stroke: colour,
      'stroke-width': width * 3,
      'stroke-opacity': 0.2,
      'stroke-linecap': 'round',
      ...extra,
    }),
    path(d, {
      fill: 'none',
      stroke: colour,
      'stroke-width': width,
      'stroke-linecap': 'round',
      ...extra,
    }),
  ].join('');
}

/** A closed, smooth, irregular blob around (cx, cy). */
export function blobPath(
  rng: Random,
  cx: number,
  cy: number,
  radius: number,
  wobble = 0.3,
  points = 8,
): string {
  const corners = Array.from({ length: points }, (_, index) => {
    const angle = (index / points) * Math.PI * 2;
    const r = radius * (1 + rng.range(-wobble, wobble));
    return [cx + Math.cos(angle) * r, cy + Math.sin(angle) * r] as const;
  });
  // Quadratic curves through the midpoints of the corners make a smooth closed outline.
  const mid = (i: number) => {
    const [ax, ay] = corners[i % points] as readonly [number, number];
    const [bx, by] = corners[(i + 1) % points] as readonly [number, number];
    return [(ax + bx) / 2, (ay + by) / 2] as const;
  };
  const [sx, sy] = mid(0);
  let d = `M${round(sx)} ${round(sy)}`;
  for (let i = 1; i <= points; i += 1) {
    const [cx1, cy1] = corners[i % points] as readonly [number, number];
    const [mx, my] = mid(i);
    d += `Q${round(cx1)} ${round(cy1)} ${round(mx)} ${round(my)}`;
  }
  return `${d}Z`;
}
