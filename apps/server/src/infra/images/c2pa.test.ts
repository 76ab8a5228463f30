import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectMarks } from '../../test/picture-marks.js';
import { c2paSigner, readC2pa, signC2pa } from './c2pa.js';
import { markOriginal, type PictureMarks } from './index.js';

const marks: PictureMarks = {
  title: 'Old Harbour',
  creator: 'Pictura',
  copyright: '© 2026 Pictura',
  digitalSourceType: 'compositeWithTrainedAlgorithmicMedia',
  licenceName: 'Full licence (commercial use)',
  licenceUrl: 'https://shop.example/commercial-licence',
  orderReference: 'Pictura order 3',
};

const picture = (format: 'jpeg' | 'png') => {
  const image = sharp({ create: { width: 120, height: 80, channels: 3, background: '#7a3b69' } });
  return (format === 'jpeg' ? image.jpeg() : image.png()).toBuffer();
};

describe('C2PA manifests', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'pictura-c2pa-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it.each(['jpeg', 'png'] as const)(
    'signs a marked %s file with an AI-made action that validates, keeping its pixels and XMP',
    async (format) => {
      const original = await picture(format);
      const marked = await markOriginal(original, marks);

      const signed = await signC2pa(marked, await c2paSigner(dataDir), {
        digitalSourceType: 'compositeWithTrainedAlgorithmicMedia',
        instanceId: 'pictura:test:1',
      });

      const manifest = await readC2pa(signed);
      expect(manifest?.validation.isValid).toBe(true);
      expect(manifest?.actions).toEqual([
        {
          action: 'c2pa.created',
          digitalSourceType:
            'http://cv.iptc.org/newscodes/digitalsourcetype/compositeWithTrainedAlgorithmicMedia',
          softwareAgent: { name: 'Pictura' },
        },
      ]);
      expect(await sharp(signed).raw().toBuffer()).toEqual(await sharp(original).raw().toBuffer());
      await expectMarks(signed, marks);
    },
  );

  it('signs again a signed file that was marked again (a generated picture sold in the catalog)', async () => {
    const signer = await c2paSigner(dataDir);
    const provenance = { digitalSourceType: 'trainedAlgorithmicMedia', instanceId: 'a' } as const;
    const first = await signC2pa(
      await markOriginal(await picture('jpeg'), marks),
      signer,
      provenance,
    );

    const again = await signC2pa(
      await markOriginal(first, { ...marks, orderReference: 'Pictura order 4' }),
      signer,
      { ...provenance, instanceId: 'b' },
    );

    expect((await readC2pa(again))?.validation.isValid).toBe(true);
    await expectMarks(again, { ...marks, orderReference: 'Pictura order 4' });
  });

  it('keeps its key under the data folder, readable by its owner only, and reuses it', async () => {
    await c2paSigner(dataDir);
    const key = join(dataDir, 'c2pa', 'signer.key');

    expect((await stat(key)).mode & 0o777).toBe(0o600);
    expect(await readFile(key, 'utf8')).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    expect(await c2paSigner(dataDir)).toBe(await c2paSigner(dataDir));
  });

  it('leaves a WebP file as it is: c2pa-ts cannot write one', async () => {
    const webp = await sharp(await picture('png'))
      .webp()
      .toBuffer();
    const signer = await c2paSigner(dataDir);

    const result = await signC2pa(webp, signer, {
      digitalSourceType: 'trainedAlgorithmicMedia',
      instanceId: 'c',
    });

    expect(result.equals(webp)).toBe(true);
  });
});
