import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ORIENTATIONS, STYLES } from '@pictura/contract';
import type { GenerationProgress, GenerationRequest } from '../index.js';
import { PROCEDURAL_SIZES, ProceduralImageGenerator } from '../index.js';

const generator = new ProceduralImageGenerator();
const request: GenerationRequest = {
  prompt: 'A quiet fox at dawn',
  style: 'Nature',
  orientation: 'Horizontal',
  seed: 42,
};

/** The picture shrunk to 8 x 8 colours: close for similar pictures, far apart for different ones. */
async function fingerprint(bytes: Buffer): Promise<Buffer> {
  return sharp(bytes).resize(8, 8, { fit: 'fill' }).removeAlpha().raw().toBuffer();
}
const distance = (a: Buffer, b: Buffer) =>
  a.reduce((sum, value, index) => sum + Math.abs(value - (b[index] ?? 0)), 0) / a.length;

describe('ProceduralImageGenerator', () => {
  it('gives the same bytes for the same request', async () => {
    const [first, second] = await Promise.all([
      generator.generate(request),
      generator.generate(request),
    ]);

    expect(first.bytes.equals(second.bytes)).toBe(true);
    expect(first).toMatchObject({ contentType: 'image/jpeg' });
  });

  it.each([
    ['seed', { seed: 43 }],
    ['prompt', { prompt: 'A loud fox at dusk' }],
    ['style', { style: 'Cyberpunk' }],
  ] as const)('gives a different picture for another %s', async (_name, change) => {
    const [base, changed] = await Promise.all([
      generator.generate(request),
      generator.generate({ ...request, ...change }),
    ]);

    expect(base.bytes.equals(changed.bytes)).toBe(false);
  });

  it('gives each of the 17 styles a look of its own', async () => {
    const prints = await Promise.all(
      STYLES.map(async (style) =>
        fingerprint((await generator.generate({ ...request, style, orientation: 'Square' })).bytes),
      ),
    );

    for (let i = 0; i < prints.length; i += 1) {
      for (let j = i + 1; j < prints.length; j += 1) {
        // Mean difference per colour value (0 to 255) of the 8 x 8 thumbnails.
        expect(distance(prints[i]!, prints[j]!), `${STYLES[i]} and ${STYLES[j]}`).toBeGreaterThan(
          8,
        );
      }
    }
  });

  it.each(ORIENTATIONS)(
    'makes a %s picture of one of its sizes, as the bytes say',
    async (orientation) => {
      const picture = await generator.generate({ ...request, orientation });
      const meta = await sharp(picture.bytes).metadata();

      expect(PROCEDURAL_SIZES[orientation]).toContainEqual([picture.width, picture.height]);
      expect([meta.width, meta.height, meta.format]).toEqual([
        picture.width,
        picture.height,
        'jpeg',
      ]);
    },
  );

  it('reports progress from 0 to 1', async () => {
    const progress: GenerationProgress[] = [];

    await generator.generate(request, { onProgress: (step) => progress.push(step) });

    const fractions = progress.map((step) => step.fraction);
    expect(fractions[0]).toBe(0);
    expect(fractions.at(-1)).toBe(1);
    expect([...fractions].sort((a, b) => a - b)).toEqual(fractions);
    expect(progress.map((step) => step.stage)).toEqual([
      'composing',
      'rendering',
      'encoding',
      'done',
    ]);
  });

  it('stops when its signal is aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('no longer wanted'));

    await expect(generator.generate(request, { signal: controller.signal })).rejects.toThrow(
      'no longer wanted',
    );
  });

  it('never writes the prompt into the SVG it renders', async () => {
    // Markup in a prompt would break (or inject into) the SVG if it were written there as text.
    const picture = await generator.generate({
      ...request,
      style: 'Typography',
      prompt: '</svg><script>x</script> "&',
    });

    expect(picture.width).toBeGreaterThan(0);
  });
});
