import { X509Certificate } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectMarks } from '../../../test/picture-marks.js';
import { expectCreatedC2pa, expectDerivedC2pa } from '../../../test/c2pa.js';
import { markOriginal, type PictureMarks } from '../index.js';
import { c2paSigner, readC2pa, signC2pa } from './index.js';
import { loadC2pa } from './wasm.js';

const marks: PictureMarks = {
  title: 'Old Harbour',
  creator: 'Pictura',
  copyright: '© 2026 Pictura',
  digitalSourceType: 'compositeWithTrainedAlgorithmicMedia',
  licenceName: 'Full licence (commercial use)',
  licenceUrl: 'https://shop.example/commercial-licence',
  orderReference: 'Pictura order 3',
};
const provenance = {
  title: 'Old Harbour',
  digitalSourceType: 'trainedAlgorithmicMedia',
  generator: 'OpenAI gpt-image-1',
} as const;

const picture = (format: 'jpeg' | 'png' | 'webp' | 'avif', width = 120) =>
  sharp({ create: { width, height: 80, channels: 3, background: '#7a3b69' } })
    .toFormat(format)
    .toBuffer();

// Loading c2pa-rs's WebAssembly takes seconds on a busy machine; each signature up to a second.
describe('C2PA manifests, read back with c2pa-rs', { timeout: 60_000 }, () => {
  let dataDir: string;
  const config = () => ({ dataDir, c2pa: { certificate: undefined, tsaUrl: undefined } });
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'pictura-c2pa-'));
    loadC2pa();
  }, 120_000);
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it.each(['jpeg', 'png'] as const)(
    'signs a marked %s original as created by its generator, keeping its pixels and XMP',
    async (format) => {
      const original = await picture(format);
      const marked = await markOriginal(original, marks);

      const signed = await signC2pa(marked, await c2paSigner(config()), provenance);

      await expectCreatedC2pa(signed, provenance);
      expect(await sharp(signed).raw().toBuffer()).toEqual(await sharp(original).raw().toBuffer());
      await expectMarks(signed, marks);
    },
  );

  it.each(['webp', 'avif', 'jpeg'] as const)(
    'signs a %s derived file as resized and transcoded from its original, the parent ingredient',
    async (format) => {
      const signer = await c2paSigner(config());
      const derived = await signC2pa(await picture(format, 60), signer, provenance, {
        actions: [{ action: 'c2pa.resized' }, { action: 'c2pa.transcoded' }],
        original: await picture('png'),
      });

      await expectDerivedC2pa(derived, provenance, ['c2pa.resized', 'c2pa.transcoded']);
    },
  );

  it('reports a hash mismatch when one byte of the picture changes after signing', async () => {
    const signed = await signC2pa(await picture('jpeg'), await c2paSigner(config()), provenance);
    const tampered = Buffer.from(signed);
    // The last byte before the end-of-image marker: picture data, outside the manifest.
    tampered[tampered.length - 3] = (tampered[tampered.length - 3]! + 1) % 256;

    const reading = await readC2pa(tampered);

    expect(reading?.validationState).toBe('Invalid');
    expect(reading?.failures).toContain('assertion.dataHash.mismatch');
  });

  it('reads no manifest in a file that has none', async () => {
    expect(await readC2pa(await picture('webp'))).toBeUndefined();
  });

  it('makes a demo signer as the C2PA certificate profile asks, its key readable by its owner only', async () => {
    await c2paSigner(config());
    const dir = join(dataDir, 'c2pa');
    const leaf = new X509Certificate(await readFile(join(dir, 'signer.pem')));
    const ca = new X509Certificate(await readFile(join(dir, 'chain.pem')));

    expect(leaf.ca).toBe(false);
    expect(ca.ca).toBe(true);
    expect(leaf.checkIssued(ca)).toBe(true);
    expect(leaf.verify(ca.publicKey)).toBe(true);
    expect(leaf.keyUsage).toEqual(['1.3.6.1.5.5.7.3.36']);
    expect(leaf.subject).toContain('O=Pictura');
    const years = (Date.parse(leaf.validTo) - Date.parse(leaf.validFrom)) / (365.25 * 86_400_000);
    expect(years).toBeGreaterThan(1.9);
    expect(years).toBeLessThan(2.1);
    expect((await stat(join(dir, 'signer.key'))).mode & 0o777).toBe(0o600);
    expect(await c2paSigner(config())).toBe(await c2paSigner(config()));
  });

  it('signs with a configured certificate and key instead of the demo CA', async () => {
    const dir = join(dataDir, 'c2pa');
    const signer = await c2paSigner({
      dataDir: join(dataDir, 'unused'),
      c2pa: {
        certificate: {
          chainPath: join(dir, 'signer.pem'),
          keyPath: join(dir, 'signer.key'),
        },
        tsaUrl: undefined,
      },
    });
    const signed = await signC2pa(await picture('png'), signer, provenance);

    await expectCreatedC2pa(signed, provenance);
    await expect(stat(join(dataDir, 'unused'))).rejects.toThrow();
  });
});
