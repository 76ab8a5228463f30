// A tiny stroke font: each glyph is polylines on a 4 x 6 grid (y downwards). Pictures and the
// preview watermark draw letters as SVG paths, so the output never depends on the fonts installed
// on the machine (librsvg would pick whatever fontconfig finds, or nothing).
const GLYPHS: Readonly<Record<string, string>> = {
  A: '0,6 0,2 2,0 4,2 4,6|0,3 4,3',
  B: '0,0 0,6 3,6 4,5 4,4 3,3 0,3|0,0 3,0 4,1 4,2 3,3',
  C: '4,1 3,0 1,0 0,1 0,5 1,6 3,6 4,5',
  D: '0,0 0,6 2,6 4,4 4,2 2,0 0,0',
  E: '4,0 0,0 0,6 4,6|0,3 3,3',
  F: '4,0 0,0 0,6|0,3 3,3',
  G: '4,1 3,0 1,0 0,1 0,5 1,6 3,6 4,5 4,3 2,3',
  H: '0,0 0,6|4,0 4,6|0,3 4,3',
  I: '1,0 3,0|2,0 2,6|1,6 3,6',
  J: '1,0 4,0|3,0 3,5 2,6 1,6 0,5',
  K: '0,0 0,6|4,0 0,4|1,3 4,6',
  L: '0,0 0,6 4,6',
  M: '0,6 0,0 2,3 4,0 4,6',
  N: '0,6 0,0 4,6 4,0',
  O: '1,0 3,0 4,1 4,5 3,6 1,6 0,5 0,1 1,0',
  P: '0,6 0,0 3,0 4,1 4,2 3,3 0,3',
  Q: '1,0 3,0 4,1 4,5 3,6 1,6 0,5 0,1 1,0|2,4 4,6',
  R: '0,6 0,0 3,0 4,1 4,2 3,3 0,3|2,3 4,6',
  S: '4,1 3,0 1,0 0,1 0,2 1,3 3,3 4,4 4,5 3,6 1,6 0,5',
  T: '0,0 4,0|2,0 2,6',
  U: '0,0 0,5 1,6 3,6 4,5 4,0',
  V: '0,0 2,6 4,0',
  W: '0,0 1,6 2,3 3,6 4,0',
  X: '0,0 4,6|4,0 0,6',
  Y: '0,0 2,3 4,0|2,3 2,6',
  Z: '0,0 4,0 0,6 4,6',
  '0': '1,0 3,0 4,1 4,5 3,6 1,6 0,5 0,1 1,0|0,5 4,1',
  '1': '1,1 2,0 2,6|1,6 3,6',
  '2': '0,1 1,0 3,0 4,1 4,2 0,6 4,6',
  '3': '0,1 1,0 3,0 4,1 4,2 3,3 4,4 4,5 3,6 1,6 0,5|1,3 3,3',
  '4': '3,6 3,0 0,4 4,4',
  '5': '4,0 0,0 0,3 3,3 4,4 4,5 3,6 0,6',
  '6': '3,0 1,0 0,1 0,5 1,6 3,6 4,5 4,4 3,3 0,3',
  '7': '0,0 4,0 1,6',
  '8': '1,3 0,2 0,1 1,0 3,0 4,1 4,2 3,3 1,3 0,4 0,5 1,6 3,6 4,5 4,4 3,3',
  '9': '4,3 1,3 0,2 0,1 1,0 3,0 4,1 4,5 3,6 1,6',
};

const GLYPH_ADVANCE = 6;
const GLYPH_HEIGHT = 6;

/** The letters and digits this font draws; other characters are dropped (space keeps its width). */
export function drawableText(text: string): string {
  return text
    .toUpperCase()
    .replace(/\s+/g, ' ')
    .replace(/[^A-Z0-9 ]+/g, '')
    .replace(/ {2,}/g, ' ')
    .trim();
}

/** Width of the text at a cap height of `size`. */
export function strokeTextWidth(text: string, size: number): number {
  const length = drawableText(text).length;
  return length === 0 ? 0 : ((length * GLYPH_ADVANCE - 2) * size) / GLYPH_HEIGHT;
}

/**
 * SVG path data drawing the text with its top-left corner at (x, y) and a cap height of `size`;
 * stroke it (round caps and joins look best). `jitter` moves each point by up to that many pixels,
 * taken from `wobble` (a source of numbers in [0, 1)), for a hand-drawn look.
 */
export function strokeTextPath(
  text: string,
  x: number,
  y: number,
  size: number,
  jitter = 0,
  wobble: () => number = () => 0.5,
): string {
  const scale = size / GLYPH_HEIGHT;
  const parts: string[] = [];
  [...drawableText(text)].forEach((character, index) => {
    const glyph = GLYPHS[character];
    if (!glyph) return;
    const left = x + index * GLYPH_ADVANCE * scale;
    for (const line of glyph.split('|')) {
      const points = line.split(' ').map((point) => {
        const [gx = 0, gy = 0] = point.split(',').map(Number);
        const dx = jitter ? (wobble() - 0.5) * 2 * jitter : 0;
        const dy = jitter ? (wobble() - 0.5) * 2 * jitter : 0;
        return `${round(left + gx * scale + dx)} ${round(y + gy * scale + dy)}`;
      });
      parts.push(`M${points.join('L')}`);
    }
  });
  return parts.join('');
}

const round = (value: number): number => Math.round(value * 10) / 10;
