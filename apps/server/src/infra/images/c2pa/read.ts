import { WasmReader } from '@contentauth/c2pa-wasm';
import { formatOf } from './sign.js';
import { loadC2pa } from './wasm.js';

/** One action of a manifest's `c2pa.actions` assertion, as c2pa-rs reports it. */
export interface C2paAction {
  action: string;
  digitalSourceType?: string;
  softwareAgent?: { name: string };
  when?: string;
}

/** What c2pa-rs reads in a file: the validation, and what the active manifest and its chain say. */
export interface C2paReading {
  /** `Invalid`, `Valid` (signature and bindings hold, signer not on a trust list) or `Trusted`. */
  validationState: string;
  /** The failure codes of the validation (`signingCredential.untrusted` is one). */
  failures: string[];
  /** The active manifest's actions. */
  actions: C2paAction[];
  /** Its parent ingredient's actions, when it was derived from one. */
  parentActions: C2paAction[];
  /** The common name of the signing certificate's subject and the issuing organisation. */
  signer: { commonName?: string; issuer?: string };
}

interface ManifestJson {
  assertions?: { label: string; data: { actions?: C2paAction[] } }[];
  ingredients?: { relationship?: string; active_manifest?: string }[];
  signature_info?: { common_name?: string; issuer?: string };
}

interface StoreJson {
  active_manifest?: string;
  manifests?: Record<string, ManifestJson>;
  validation_state?: string;
  validation_status?: { code: string }[];
}

const actionsOf = (manifest: ManifestJson | undefined): C2paAction[] =>
  (manifest?.assertions ?? [])
    .filter((assertion) => assertion.label.startsWith('c2pa.actions'))
    .flatMap((assertion) => assertion.data.actions ?? []);

/**
 * What a file's C2PA manifest store says, read and validated by c2pa-rs (the reference reader);
 * undefined for a file without one or of a format it does not read.
 */
export async function readC2pa(bytes: Uint8Array): Promise<C2paReading | undefined> {
  const format = formatOf(bytes);
  if (!format) return undefined;
  loadC2pa();
  let reader: WasmReader;
  try {
    reader = await WasmReader.fromBytes(format, bytes);
  } catch (error) {
    // c2pa-rs reports a file without a manifest as an error ("JumbfNotFound").
    if (String(error).includes('JumbfNotFound')) return undefined;
    throw error;
  }
  try {
    const store = JSON.parse(reader.json()) as StoreJson;
    const active = store.active_manifest ? store.manifests?.[store.active_manifest] : undefined;
    const parentLabel = active?.ingredients?.find(
      (ingredient) => ingredient.relationship === 'parentOf',
    )?.active_manifest;
    const failures = (store.validation_status ?? []).map((status) => status.code);
    return {
      validationState: store.validation_state ?? 'Invalid',
      failures,
      actions: actionsOf(active),
      parentActions: parentLabel ? actionsOf(store.manifests?.[parentLabel]) : [],
      signer: {
        commonName: active?.signature_info?.common_name,
        issuer: active?.signature_info?.issuer,
      },
    };
  } finally {
    reader.free();
  }
}
