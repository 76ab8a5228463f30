import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { readC2pa, type C2paReading } from '../infra/images/index.js';

const SOURCE_TYPES = 'http://cv.iptc.org/newscodes/digitalsourcetype/';

/** What a file's manifest must say it is: its source type and generator (where known). */
export interface ExpectedProvenance {
  digitalSourceType: string;
  generator?: string;
}

/** The `c2pa.created` action an original's manifest holds. */
const createdAction = ({ digitalSourceType, generator }: ExpectedProvenance) => ({
  action: 'c2pa.created',
  digitalSourceType: `${SOURCE_TYPES}${digitalSourceType}`,
  when: expect.any(String) as unknown,
  ...(generator ? { softwareAgent: { name: generator } } : {}),
});

/**
 * Reads the file with c2pa-rs (the reference implementation) and checks that it validates: the
 * only failure allowed is the shop's demo CA being on no trust list.
 */
export async function expectValidC2pa(bytes: Buffer): Promise<C2paReading> {
  const reading = await readC2pa(bytes);
  expect(reading, 'a C2PA manifest store').toBeDefined();
  expect(reading!.failures).toEqual(['signingCredential.untrusted']);
  expect(reading!.validationState).toBe('Valid');
  expect(reading!.signer.commonName).toBe('Pictura content credentials');
  return reading!;
}

/** The file validates and its manifest says `c2pa.created` as expected. */
export async function expectCreatedC2pa(
  bytes: Buffer,
  expected: ExpectedProvenance,
): Promise<void> {
  const reading = await expectValidC2pa(bytes);
  expect(reading.actions).toEqual([createdAction(expected)]);
}

/**
 * The file validates and says it was derived from its original (`c2pa.opened`, then `steps`), the
 * original, its parent ingredient, saying `c2pa.created` as expected.
 */
export async function expectDerivedC2pa(
  bytes: Buffer,
  expected: ExpectedProvenance,
  steps: string[],
): Promise<void> {
  const reading = await expectValidC2pa(bytes);
  expect(reading.actions.map((action) => action.action)).toEqual(['c2pa.opened', ...steps]);
  expect(reading.parentActions).toEqual([createdAction(expected)]);
}

/** The digital source type exiftool reads in the file's XMP (Iptc4xmpExt:DigitalSourceType). */
export function exiftoolSourceType(bytes: Buffer): string | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'pictura-exiftool-'));
  try {
    const file = join(dir, 'picture');
    writeFileSync(file, bytes);
    const run = spawnSync('exiftool', ['-j', '-n', '-XMP-iptcExt:DigitalSourceType', file], {
      encoding: 'utf8',
    });
    if (run.status !== 0) throw new Error(`exiftool failed: ${run.stderr}`);
    const [tags] = JSON.parse(run.stdout) as { DigitalSourceType?: string }[];
    return tags?.DigitalSourceType;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
