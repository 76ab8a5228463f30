import { crc32 } from 'node:zlib';

/*
 * Writing an XMP packet into a JPEG or PNG file without decoding its pixels: the file's picture data
 * stays byte for byte what it was (a JPEG re-encoded by sharp would lose quality each time, and a PNG
 * re-encoded may change bit depth or palette). Any XMP packet already in the file is replaced.
 */

const JPEG_XMP_NAMESPACE = Buffer.from('http://ns.adobe.com/xap/1.0/\0', 'latin1');
// A JPEG segment's length field counts itself (2 bytes) and is at most 0xffff.
const JPEG_SEGMENT_MAX = 0xffff - 2;

export class XmpEmbedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'XmpEmbedError';
  }
}

/**
 * The JPEG with `packet` as its one XMP segment (APP1), placed after the leading JFIF/Exif segments
 * as the XMP specification asks; every other segment and the entropy-coded data are kept as they are.
 */
export function embedXmpInJpeg(jpeg: Buffer, packet: string): Buffer {
  if (jpeg[0] !== 0xff || jpeg[1] !== 0xd8) throw new XmpEmbedError('Not a JPEG file.');
  const payload = Buffer.concat([JPEG_XMP_NAMESPACE, Buffer.from(packet, 'utf8')]);
  if (payload.length > JPEG_SEGMENT_MAX) throw new XmpEmbedError('XMP packet too large.');
  const header = Buffer.alloc(4);
  header.writeUInt16BE(0xffe1, 0);
  header.writeUInt16BE(payload.length + 2, 2);
  const segment = Buffer.concat([header, payload]);

  const kept: Buffer[] = [jpeg.subarray(0, 2)];
  let insertAt = 1;
  let offset = 2;
  for (;;) {
    if (offset + 4 > jpeg.length || jpeg[offset] !== 0xff) {
      throw new XmpEmbedError('Malformed JPEG segment.');
    }
    const marker = jpeg[offset + 1] as number;
    // Start of scan: the rest (scan data, later markers, end of image) is copied whole.
    if (marker === 0xda) break;
    const length = jpeg.readUInt16BE(offset + 2);
    const end = offset + 2 + length;
    if (end > jpeg.length) throw new XmpEmbedError('Truncated JPEG segment.');
    const body = jpeg.subarray(offset + 4, end);
    const isXmp =
      marker === 0xe1 && body.subarray(0, JPEG_XMP_NAMESPACE.length).equals(JPEG_XMP_NAMESPACE);
    if (!isXmp) {
      kept.push(jpeg.subarray(offset, end));
      // APP0 (JFIF) and APP1 (Exif) must stay first; XMP goes right after them.
      if ((marker === 0xe0 || marker === 0xe1) && insertAt === kept.length - 1) {
        insertAt = kept.length;
      }
    }
    offset = end;
  }
  kept.splice(insertAt, 0, segment);
  kept.push(jpeg.subarray(offset));
  return Buffer.concat(kept);
}

const PNG_SIGNATURE_LENGTH = 8;
const PNG_XMP_KEYWORD = 'XML:com.adobe.xmp';

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * The PNG with `packet` as its one XMP chunk: an uncompressed iTXt chunk with the keyword XMP
 * readers look for, right after the header chunk. The image data chunks are copied unchanged.
 */
export function embedXmpInPng(png: Buffer, packet: string): Buffer {
  if (png.length < PNG_SIGNATURE_LENGTH + 12 || png.readUInt32BE(0) !== 0x89504e47) {
    throw new XmpEmbedError('Not a PNG file.');
  }
  // keyword, NUL, compression flag 0, method 0, empty language tag, NUL, empty translation, NUL.
  const data = Buffer.concat([
    Buffer.from(`${PNG_XMP_KEYWORD}\0\0\0\0\0`, 'latin1'),
    Buffer.from(packet, 'utf8'),
  ]);
  const parts: Buffer[] = [png.subarray(0, PNG_SIGNATURE_LENGTH)];
  let offset = PNG_SIGNATURE_LENGTH;
  while (offset < png.length) {
    if (offset + 12 > png.length) throw new XmpEmbedError('Truncated PNG chunk.');
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    const end = offset + 12 + length;
    if (end > png.length) throw new XmpEmbedError('Truncated PNG chunk.');
    const isXmp =
      (type === 'iTXt' || type === 'zTXt' || type === 'tEXt') &&
      png.toString('latin1', offset + 8, offset + 8 + PNG_XMP_KEYWORD.length + 1) ===
        `${PNG_XMP_KEYWORD}\0`;
    if (!isXmp) parts.push(png.subarray(offset, end));
    if (type === 'IHDR') parts.push(pngChunk('iTXt', data));
    offset = end;
  }
  return Buffer.concat(parts);
}
