import type { AppConfig } from '../../../config.js';
import { loadClaimKey } from './certificates.js';
import type { C2paSigner } from './sign.js';
import { generatorName } from './generator-name.js';
import { tsaTimeStamper } from './tsa.js';

import { signC2pa, type Derivation, type Provenance } from './sign.js';

export {
  canSignC2pa,
  hasC2pa,
  signC2pa,
  type C2paSigner,
  type Derivation,
  type DerivedAction,
  type Provenance,
} from './sign.js';
export { readC2pa, type C2paAction, type C2paReading } from './read.js';

const signers = new Map<string, Promise<C2paSigner>>();

/** This process's C2PA signer for the configuration, loaded (or made) once. */
export function c2paSigner(config: Pick<AppConfig, 'dataDir' | 'c2pa'>): Promise<C2paSigner> {
  const id = JSON.stringify([config.dataDir, config.c2pa]);
  let signer = signers.get(id);
  if (!signer) {
    signer = loadClaimKey(config.dataDir, config.c2pa.certificate).then((claimKey) => ({
      claimKey,
      timeStamp: config.c2pa.tsaUrl ? tsaTimeStamper(config.c2pa.tsaUrl) : undefined,
    }));
    signers.set(id, signer);
    signer.catch(() => signers.delete(id));
  }
  return signer;
}

/** Signs a file as it is made (see `signC2pa`), with the configured signer. */
export type SignFile = (
  bytes: Buffer,
  provenance: Provenance,
  derivedFrom?: Derivation,
) => Promise<Buffer>;

export const createFileSigner =
  (config: Pick<AppConfig, 'dataDir' | 'c2pa'>): SignFile =>
  async (bytes, provenance, derivedFrom) =>
    signC2pa(bytes, await c2paSigner(config), provenance, derivedFrom);

/**
 * The software agent a manifest names for a generator recorded as `generator` (see
 * `generatorName`), with the configured OpenAI model: the model is not recorded per picture.
 */
export const generatorAgent = (
  config: Pick<AppConfig, 'imageGeneration'>,
  generator: string | null | undefined,
): string | undefined =>
  generatorName(
    generator,
    config.imageGeneration.provider === 'procedural' ? undefined : config.imageGeneration.model,
  );
