import { strokeTextPath, strokeTextWidth } from './stroke-font.js';

const MARK = 'PICTURA';

/**
 * An SVG the size of a preview, drawn over it: the shop's name in stroke letters, in diagonal rows
 * across the whole picture, light with a dark edge so it shows on any background. Letters are
 * paths, so the result does not depend on installed fonts.
 */
export function watermarkSvg(width: number, height: number): Buffer {
  const size = Math.max(8, Math.round(width / 22));
  const textWidth = strokeTextWidth(MARK, size);
  const stepX = textWidth + size * 3;
  const stepY = size * 5;
  const diagonal = Math.hypot(width, height);
  const paths: string[] = [];
  let row = 0;
  // Rows cover a square of the diagonal's size around the centre, so the rotation leaves no gaps.
  for (let y = -diagonal / 2; y < diagonal / 2; y += stepY, row += 1) {
    const shift = (row % 2) * (stepX / 2);
    for (let x = -diagonal / 2 - shift; x < diagonal / 2; x += stepX) {
      paths.push(strokeTextPath(MARK, width / 2 + x, height / 2 + y, size));
    }
  }
  const d = paths.join('');
  const stroke = Math.max(1, size / 7);
  const line = `fill="none" stroke-linecap="round" stroke-linejoin="round"`;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<g transform="rotate(-30 ${width / 2} ${height / 2})">` +
      `<path d="${d}" ${line} stroke="#000" stroke-opacity="0.22" stroke-width="${stroke * 2.2}"/>` +
      `<path d="${d}" ${line} stroke="#fff" stroke-opacity="0.45" stroke-width="${stroke}"/>` +
      `</g></svg>`,
  );
}
