import { sign, type KeyObject } from 'node:crypto';
import { CborMap, encodeCbor, type CborValue } from './cbor.js';

/** COSE labels (RFC 9052, RFC 9360) and the ES256 algorithm the shop signs with. */
const COSE = { algorithm: 1, x5chain: 33, es256: -7, sign1Tag: 18 } as const;

/** What signs a claim: the private key and its certificate chain (signer first, DER). */
export interface ClaimKey {
  key: KeyObject;
  chain: Uint8Array[];
}

/**
 * An RFC 3161 time stamp over the given bytes (the DER of a TimeStampToken), or undefined when no
 * time stamp authority is configured.
 */
export type TimeStamper = (bytes: Uint8Array) => Promise<Uint8Array | undefined>;

/**
 * The COSE_Sign1 signature of a C2PA claim (C2PA 2.x): ES256 over the detached claim, the
 * certificate chain in the protected header, an optional `sigTst2` time stamp in the unprotected
 * header, and `pad` bytes filling it to exactly `size` bytes (the space the manifest reserved).
 *
 * ECDSA signatures in COSE are the fixed-length r|s pair (RFC 9053 §2.1), not the DER sequence
 * Node and WebCrypto-polyfills produce by default: a DER signature is what made c2pa-rs report
 * `claimSignature.mismatch` on the files c2pa-ts signed.
 */
export async function coseSign1(
  claim: Uint8Array,
  { key, chain }: ClaimKey,
  size: number,
  timeStamp?: TimeStamper,
): Promise<Uint8Array> {
  const x5chain: CborValue = chain.length === 1 ? chain[0]! : chain;
  const protectedHeader = encodeCbor(
    new CborMap([
      [COSE.algorithm, COSE.es256],
      [COSE.x5chain, x5chain],
    ]),
  );
  const toBeSigned = encodeCbor(['Signature1', protectedHeader, new Uint8Array(0), claim]);
  const signature = new Uint8Array(sign('sha256', toBeSigned, { key, dsaEncoding: 'ieee-p1363' }));
  // C2PA's v2 time stamp covers the signature: a COSE countersignature structure over it.
  const counterSigned = encodeCbor([
    'CounterSignature',
    protectedHeader,
    new Uint8Array(0),
    encodeCbor(signature),
  ]);
  const token = timeStamp && (await timeStamp(counterSigned));
  const stamp: [string, CborValue][] = token
    ? [['sigTst2', new CborMap([['tstTokens', [new CborMap([['val', token]])]]])]]
    : [];
  const unprotectedWith = (pad: number): CborMap =>
    new CborMap([...stamp, ['pad', new Uint8Array(pad)]]);
  const encode = (pad: number) =>
    encodeCbor({
      tag: COSE.sign1Tag,
      value: [protectedHeader, unprotectedWith(pad), null, signature],
    });
  // The pad's own length prefix grows by a byte or two at 24, 256 and 65,536 bytes: settle it.
  let pad = Math.max(0, size - encode(0).length);
  for (let tries = 0; tries < 4; tries += 1) {
    const length = encode(pad).length;
    if (length === size) return encode(pad);
    pad += size - length;
    if (pad < 0) break;
  }
  throw new Error(`The claim signature does not fit in ${size} bytes`);
}
