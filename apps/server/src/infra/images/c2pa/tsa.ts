import { createHash, randomBytes } from 'node:crypto';
import type { TimeStamper } from './cose.js';

/** How long a time stamp authority may take before the signature goes without one. */
const TSA_TIMEOUT_MS = 10_000;

/** A DER item: tag byte, definite length, contents. */
function der(tag: number, contents: Uint8Array): Uint8Array {
  const length = contents.length;
  const head =
    length < 0x80 ? [length] : length < 0x100 ? [0x81, length] : [0x82, length >> 8, length & 0xff];
  return Buffer.concat([Uint8Array.of(tag, ...head), contents]);
}

const SHA256_OID = Uint8Array.of(0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x01);

/**
 * An RFC 3161 TimeStampReq for the SHA-256 of `bytes`: version 1, the message imprint, a nonce,
 * and certReq true (the authority's certificate comes with the token, for readers to check).
 */
export function timeStampRequest(bytes: Uint8Array, nonce: Uint8Array): Uint8Array {
  const digest = createHash('sha256').update(bytes).digest();
  const algorithm = der(0x30, Buffer.concat([SHA256_OID, Uint8Array.of(0x05, 0x00)]));
  const imprint = der(0x30, Buffer.concat([algorithm, der(0x04, digest)]));
  // A positive INTEGER: a leading zero byte keeps the top bit from making it negative.
  const nonceInteger = der(0x02, Buffer.concat([Uint8Array.of(0), nonce]));
  return der(
    0x30,
    Buffer.concat([
      Uint8Array.of(0x02, 0x01, 0x01),
      imprint,
      nonceInteger,
      Uint8Array.of(0x01, 0x01, 0xff),
    ]),
  );
}

/** The DER items directly inside a SEQUENCE. */
function itemsOf(sequence: Uint8Array): Uint8Array[] {
  const read = (offset: number) => {
    const first = sequence[offset + 1] ?? 0;
    let length = first;
    let headLength = 2;
    if (first & 0x80) {
      const count = first & 0x7f;
      length = 0;
      for (let index = 0; index < count; index += 1)
        length = length * 256 + (sequence[offset + 2 + index] ?? 0);
      headLength = 2 + count;
    }
    return { headLength, length };
  };
  const outer = read(0);
  if (sequence[0] !== 0x30 || outer.headLength + outer.length !== sequence.length) {
    throw new Error('The time stamp response is not a DER sequence');
  }
  const items: Uint8Array[] = [];
  for (let offset = outer.headLength; offset < sequence.length;) {
    const item = read(offset);
    items.push(sequence.subarray(offset, offset + item.headLength + item.length));
    offset += item.headLength + item.length;
  }
  return items;
}

/**
 * The TimeStampToken of an RFC 3161 TimeStampResp whose status is granted (0) or granted with
 * modifications (1); an error for a refusal.
 */
export function timeStampTokenOf(response: Uint8Array): Uint8Array {
  const [statusInfo, token] = itemsOf(response);
  const status = statusInfo && itemsOf(statusInfo)[0];
  const granted = status && status[0] === 0x02 && status[1] === 1 && (status[2] ?? 9) <= 1;
  if (!granted || !token) throw new Error('The time stamp authority refused the request');
  return token;
}

/**
 * Time stamps from the RFC 3161 authority at `url` (C2PA_TSA_URL). The stamp makes the signature
 * outlive its certificate; a signature is not made without one when an authority is configured.
 */
export function tsaTimeStamper(url: string): TimeStamper {
  return async (bytes) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/timestamp-query' },
      body: timeStampRequest(bytes, randomBytes(8)),
      signal: AbortSignal.timeout(TSA_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`The time stamp authority answered HTTP ${response.status}`);
    return timeStampTokenOf(new Uint8Array(await response.arrayBuffer()));
  };
}
