/**
 * The few CBOR items (RFC 8949) a COSE signature is made of: unsigned and negative integers, byte
 * and text strings, arrays, maps (in the order given), null and tags. Written here rather than
 * taken from a general library: a COSE structure is small and fixed, and its bytes must be exact.
 */
export type CborValue =
  number | string | Uint8Array | null | CborValue[] | CborMap | { tag: number; value: CborValue };

/** A map whose keys keep their order (COSE headers use integer and text labels). */
export class CborMap {
  constructor(readonly entries: [number | string, CborValue][]) {}
}

function head(major: number, length: number): Uint8Array {
  const type = major << 5;
  if (length < 24) return Uint8Array.of(type | length);
  if (length < 0x100) return Uint8Array.of(type | 24, length);
  if (length < 0x10000) return Uint8Array.of(type | 25, length >> 8, length & 0xff);
  if (length <= 0xffffffff) {
    const bytes = new Uint8Array(5);
    bytes[0] = type | 26;
    new DataView(bytes.buffer).setUint32(1, length);
    return bytes;
  }
  throw new RangeError('CBOR item too long');
}

function encodeInto(value: CborValue, parts: Uint8Array[]): void {
  if (value === null) {
    parts.push(Uint8Array.of(0xf6));
  } else if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new RangeError('Only integers are encoded');
    parts.push(value >= 0 ? head(0, value) : head(1, -1 - value));
  } else if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    parts.push(head(3, bytes.length), bytes);
  } else if (value instanceof Uint8Array) {
    parts.push(head(2, value.length), value);
  } else if (Array.isArray(value)) {
    parts.push(head(4, value.length));
    for (const item of value) encodeInto(item, parts);
  } else if (value instanceof CborMap) {
    parts.push(head(5, value.entries.length));
    for (const [key, item] of value.entries) {
      encodeInto(key, parts);
      encodeInto(item, parts);
    }
  } else {
    parts.push(head(6, value.tag));
    encodeInto(value.value, parts);
  }
}

/** The CBOR encoding of `value`. */
export function encodeCbor(value: CborValue): Uint8Array {
  const parts: Uint8Array[] = [];
  encodeInto(value, parts);
  return Buffer.concat(parts);
}
