import { parse, sidecar } from 'exifr';
import { expect } from 'vitest';

const XMP_START = Buffer.from('<x:xmpmeta');
const XMP_END = Buffer.from('</x:xmpmeta>');

/**
 * The XMP of a picture file, as exifr reads it. exifr opens JPEG and PNG files itself; it has no
 * reader for the WebP and AVIF containers, so from those the (uncompressed) packet is cut out of
 * the file and given to exifr's own XMP parser, which reads it as it would a sidecar file.
 */
export async function readXmp(bytes: Buffer): Promise<Record<string, unknown>> {
  const isJpeg = bytes[0] === 0xff && bytes[1] === 0xd8;
  const isPng = bytes.readUInt32BE(0) === 0x89504e47;
  if (isJpeg || isPng) {
    const parsed: unknown = await parse(bytes, {
      xmp: true,
      mergeOutput: false,
      tiff: false,
      ihdr: false,
    });
    return (parsed ?? {}) as Record<string, unknown>;
  }
  const start = bytes.indexOf(XMP_START);
  const end = bytes.indexOf(XMP_END, start);
  if (start < 0 || end < 0) return {};
  const parsed: unknown = await sidecar(bytes.subarray(start, end + XMP_END.length));
  return (parsed ?? {}) as Record<string, unknown>;
}

export interface ExpectedMarks {
  title: string;
  copyright: string;
  licenceName: string;
  licenceUrl: string;
  digitalSourceType: 'trainedAlgorithmicMedia' | 'compositeWithTrainedAlgorithmicMedia';
  /** Absent: the file must carry no order reference. */
  orderReference?: string;
}

/** Checks every mark Pictura writes into a picture, read back with exifr. */
export async function expectMarks(bytes: Buffer, expected: ExpectedMarks): Promise<void> {
  const xmp = await readXmp(bytes);
  expect(xmp).toMatchObject({
    dc: {
      title: { lang: 'x-default', value: expected.title },
      creator: 'Pictura',
      rights: { lang: 'x-default', value: expected.copyright },
    },
    xmpRights: {
      Marked: true,
      UsageTerms: { lang: 'x-default', value: expected.licenceName },
      WebStatement: expected.licenceUrl,
    },
    plus: { Licensor: { LicensorName: 'Pictura', LicensorURL: expected.licenceUrl } },
    Iptc4xmpExt: {
      DigitalSourceType: `http://cv.iptc.org/newscodes/digitalsourcetype/${expected.digitalSourceType}`,
    },
  });
  const photoshop = xmp.photoshop as { TransmissionReference?: string } | undefined;
  expect(photoshop?.TransmissionReference).toBe(expected.orderReference);
}
