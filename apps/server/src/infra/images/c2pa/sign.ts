import { randomUUID } from 'node:crypto';
import { WasmBuilder } from '@contentauth/c2pa-wasm';
import type { DigitalSourceType } from '@pictura/contract';
import { imageFileType } from '../file-type.js';
import { DIGITAL_SOURCE_TYPE_URIS } from '../xmp.js';
import { coseSign1, type ClaimKey, type TimeStamper } from './cose.js';
import { blobOf, loadC2pa } from './wasm.js';

/** What signs the shop's manifests: its key and chain, and a time stamp authority if configured. */
export interface C2paSigner {
  claimKey: ClaimKey;
  timeStamp?: TimeStamper;
}

/** What a picture is and what made it, as its manifest states. */
export interface Provenance {
  title: string;
  digitalSourceType: DigitalSourceType;
  /** The image provider and model that made it ("OpenAI gpt-image-1"), where known. */
  generator?: string;
}

/** How a derived file (a smaller size, a preview in another format) was made from its original. */
export interface Derivation {
  /** What was done to the original, in order (`c2pa.resized`, `c2pa.transcoded`, `c2pa.edited`). */
  actions: DerivedAction[];
  original: Buffer;
  /** The original already carries the shop's signed manifest (else it is signed here first). */
  originalSigned?: boolean;
}

/** One step from an original to a derived file; `description` says what an edit was. */
export interface DerivedAction {
  action: 'c2pa.resized' | 'c2pa.transcoded' | 'c2pa.edited';
  description?: string;
}

/** The formats c2pa-rs signs that the shop serves (JPEG, PNG, WebP, AVIF). */
const SIGNED_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/avif']);

export const CLAIM_GENERATOR = { name: 'Pictura', version: '1' } as const;
const PARENT_LABEL = 'original';

/** An AVIF file opens with an ISO BMFF `ftyp` box whose major brand is `avif`. */
const isAvif = (bytes: Uint8Array) =>
  Buffer.from(bytes.subarray(4, 12)).toString('latin1') === 'ftypavif';

/** The file's media type when c2pa-rs can sign it. */
export function formatOf(bytes: Uint8Array): string | undefined {
  if (isAvif(bytes)) return 'image/avif';
  const type = imageFileType(bytes)?.contentType;
  return type && SIGNED_TYPES.has(type) ? type : undefined;
}

/** Whether `signC2pa` signs this file (JPEG, PNG, WebP and AVIF). */
export const canSignC2pa = (bytes: Uint8Array): boolean => formatOf(bytes) !== undefined;

/**
 * Whether the file holds a C2PA manifest store (a JUMBF box labelled `c2pa`): files kept before
 * manifests were signed when made have none. It says nothing of validity; `readC2pa` does.
 */
export const hasC2pa = (bytes: Buffer): boolean => bytes.includes('jumb') && bytes.includes('c2pa');

/**
 * The space the signature reserves in the manifest: the chain, the ES256 signature and headers,
 * and a time stamp token (its authority's certificates included) when one is asked for.
 */
function reserveSize(signer: C2paSigner): number {
  const chain = signer.claimKey.chain.reduce((total, der) => total + der.length, 0);
  return 2048 + chain + (signer.timeStamp ? 16_384 : 0);
}

async function signWith(
  builder: WasmBuilder,
  signer: C2paSigner,
  format: string,
  bytes: Uint8Array,
): Promise<Buffer> {
  const size = reserveSize(signer);
  const signed = await builder.sign(
    {
      alg: 'es256',
      reserveSize: size,
      // The claim is signed here, in Node's crypto: c2pa-rs hands over the claim's bytes and
      // embeds the COSE structure it gets back.
      sign: async (claim) =>
        (await coseSign1(
          claim,
          signer.claimKey,
          size,
          signer.timeStamp,
        )) as Uint8Array<ArrayBuffer>,
    },
    [],
    format,
    blobOf(bytes),
  );
  return Buffer.from(signed.buffer, signed.byteOffset, signed.byteLength);
}

const createdAction = (provenance: Provenance, when: string) => ({
  action: 'c2pa.created',
  digitalSourceType: DIGITAL_SOURCE_TYPE_URIS[provenance.digitalSourceType],
  when,
  ...(provenance.generator ? { softwareAgent: { name: provenance.generator } } : {}),
});

function builderFor(title: string, actions: object[]): WasmBuilder {
  return WasmBuilder.fromJson(
    JSON.stringify({
      claim_generator_info: [CLAIM_GENERATOR],
      title,
      instance_id: `xmp:iid:${randomUUID()}`,
      assertions: [{ label: 'c2pa.actions', data: { actions } }],
    }),
  );
}

/**
 * The file with a signed C2PA manifest (c2pa-rs, through @contentauth/c2pa-wasm) stating how it was
 * made, bound to its bytes by a hash: it must be the file's last change. An original says
 * `c2pa.created` with its digital source type and generator. A derived file says `c2pa.opened` of
 * its original, then how it was derived; the original, signed the same way, is its parent
 * ingredient, so a reader follows the chain back to the created action. Formats c2pa-rs does not
 * write come back unchanged.
 */
export async function signC2pa(
  bytes: Buffer,
  signer: C2paSigner,
  provenance: Provenance,
  derivedFrom?: Derivation,
): Promise<Buffer> {
  const format = formatOf(bytes);
  if (!format) return bytes;
  loadC2pa();
  const when = new Date().toISOString();
  const parentFormat = derivedFrom && formatOf(derivedFrom.original);
  if (!derivedFrom || !parentFormat) {
    return signWith(
      builderFor(provenance.title, [createdAction(provenance, when)]),
      signer,
      format,
      bytes,
    );
  }
  const parent = derivedFrom.originalSigned
    ? derivedFrom.original
    : await signWith(
        builderFor(provenance.title, [createdAction(provenance, when)]),
        signer,
        parentFormat,
        derivedFrom.original,
      );
  const builder = builderFor(provenance.title, [
    { action: 'c2pa.opened', when, parameters: { ingredientIds: [PARENT_LABEL] } },
    ...derivedFrom.actions.map((step) => ({ ...step, when })),
  ]);
  await builder.addIngredientFromBlob(
    JSON.stringify({ title: provenance.title, relationship: 'parentOf', label: PARENT_LABEL }),
    parentFormat,
    blobOf(parent),
  );
  return signWith(builder, signer, format, bytes);
}
