// Parses the certificates with @peculiar/x509, whose dependency injection needs this polyfill.
import 'reflect-metadata';
import { webcrypto } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as x509 from '@peculiar/x509';
import type { DigitalSourceType } from '@pictura/contract';
import { BMFF, JPEG, PNG, type Asset } from '@trustnxt/c2pa-ts/asset';
import { CoseAlgorithmIdentifier, LocalSigner, type Signer } from '@trustnxt/c2pa-ts/cose';
import { SuperBox } from '@trustnxt/c2pa-ts/jumbf';
import {
  ActionAssertion,
  ActionType,
  DataHashAssertion,
  ManifestStore,
  type ValidationResult,
} from '@trustnxt/c2pa-ts/manifest';
import { DIGITAL_SOURCE_TYPE_URIS } from './xmp.js';

x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);

const ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
const DAY_MS = 86_400_000;
/** The files a signer is kept in, under `<DATA_DIR>/c2pa/`; a production CA's files go there too. */
export const C2PA_FILES = { key: 'signer.key', certificate: 'signer.pem', chain: 'chain.pem' };

const pem = (label: string, der: ArrayBuffer) =>
  `-----BEGIN ${label}-----\n${Buffer.from(der).toString('base64').replace(/.{64}/g, '$&\n')}\n-----END ${label}-----\n`;
const derOf = (text: string) =>
  new Uint8Array(Buffer.from(text.replace(/-----[^-]+-----|\s/g, ''), 'base64'));

/**
 * A signing certificate as C2PA validators require one: an end-entity certificate (digital
 * signature, e-mail protection) issued by a CA, not self-signed. Without a configured one, the shop
 * makes its own small CA; readers then show the manifest as valid but its signer as unknown.
 */
async function makeSigner(): Promise<{ key: string; certificate: string; chain: string }> {
  const caKeys = await webcrypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify']);
  const keys = await webcrypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify']);
  const now = Date.now();
  const ca = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: '01',
    name: 'CN=Pictura provenance CA, O=Pictura',
    notBefore: new Date(now - DAY_MS),
    notAfter: new Date(now + 3650 * DAY_MS),
    signingAlgorithm: ALGORITHM,
    keys: caKeys,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(
        x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign,
        true,
      ),
      await x509.SubjectKeyIdentifierExtension.create(caKeys.publicKey),
    ],
  });
  const certificate = await x509.X509CertificateGenerator.create({
    serialNumber: '02',
    subject: 'CN=Pictura, O=Pictura',
    issuer: ca.subject,
    notBefore: new Date(now - DAY_MS),
    notAfter: new Date(now + 3650 * DAY_MS),
    signingAlgorithm: ALGORITHM,
    publicKey: keys.publicKey,
    signingKey: caKeys.privateKey,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.emailProtection], false),
      await x509.AuthorityKeyIdentifierExtension.create(caKeys.publicKey),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
    ],
  });
  return {
    key: pem('PRIVATE KEY', await webcrypto.subtle.exportKey('pkcs8', keys.privateKey)),
    certificate: certificate.toString('pem'),
    chain: ca.toString('pem'),
  };
}

const readOrUndefined = (path: string) =>
  readFile(path, 'utf8').catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return undefined;
    throw err;
  });

/** The ES256 signer kept in `dir` (made there on first use; the key file readable by the owner only). */
async function loadSigner(dir: string): Promise<Signer> {
  const paths = {
    key: join(dir, C2PA_FILES.key),
    certificate: join(dir, C2PA_FILES.certificate),
    chain: join(dir, C2PA_FILES.chain),
  };
  let key = await readOrUndefined(paths.key);
  let certificate = await readOrUndefined(paths.certificate);
  let chain = await readOrUndefined(paths.chain);
  if (!key || !certificate) {
    const made = await makeSigner();
    await mkdir(dir, { recursive: true, mode: 0o700 });
    // Written under temporary names and renamed: another process never reads half a key.
    for (const [name, text, mode] of [
      ['chain', made.chain, 0o644],
      ['certificate', made.certificate, 0o644],
      ['key', made.key, 0o600],
    ] as const) {
      const temporary = `${paths[name]}.${process.pid}.tmp`;
      await writeFile(temporary, text, { mode });
      await rename(temporary, paths[name]);
    }
    ({ key, certificate, chain } = made);
  }
  const chainCertificates = (chain ?? '')
    .split(/(?=-----BEGIN CERTIFICATE-----)/)
    .filter((part) => part.includes('BEGIN CERTIFICATE'))
    .map((part) => new x509.X509Certificate(part));
  // c2pa-ts declares its own (older) copy of @peculiar/x509's types; it reads the certificates'
  // DER bytes only, which both copies give the same (the signing tests validate the result).
  type C2paCertificate = ConstructorParameters<typeof LocalSigner>[2];
  return new LocalSigner(
    derOf(key),
    CoseAlgorithmIdentifier.ES256,
    new x509.X509Certificate(certificate) as unknown as C2paCertificate,
    chainCertificates as unknown as C2paCertificate[],
  );
}

const signers = new Map<string, Promise<Signer>>();

/** This process's signer for the data folder, loaded (or made) once. */
export function c2paSigner(dataDir: string): Promise<Signer> {
  const dir = join(dataDir, 'c2pa');
  let signer = signers.get(dir);
  if (!signer) {
    signer = loadSigner(dir);
    signers.set(dir, signer);
    signer.catch(() => signers.delete(dir));
  }
  return signer;
}

function assetOf(bytes: Uint8Array): { asset: Asset; format: string } | undefined {
  if (JPEG.canRead(bytes)) return { asset: new JPEG(bytes), format: 'image/jpeg' };
  if (PNG.canRead(bytes)) return { asset: new PNG(bytes), format: 'image/png' };
  return undefined;
}

/** Whether `signC2pa` can sign this file (JPEG and PNG; c2pa-ts writes no WebP). */
export const canSignC2pa = (bytes: Uint8Array): boolean => assetOf(bytes) !== undefined;

/**
 * The file with a signed C2PA manifest stating how it was made: a `c2pa.created` action with its
 * digital source type, by the shop, bound to the file's bytes by a data hash. It is the file's last
 * change: anything written into the file afterwards breaks the binding. Other formats come back
 * unchanged.
 */
export async function signC2pa(
  bytes: Buffer,
  signer: Signer,
  provenance: { digitalSourceType: DigitalSourceType; instanceId: string },
): Promise<Buffer> {
  const found = assetOf(new Uint8Array(bytes));
  if (!found) return bytes;
  const { asset, format } = found;
  const store = new ManifestStore();
  const manifest = store.createManifest({
    assetFormat: format,
    instanceID: provenance.instanceId,
    defaultHashAlgorithm: 'SHA-256',
    signer,
  });
  const actions = new ActionAssertion();
  actions.actions = [
    {
      action: ActionType.C2paCreated,
      digitalSourceType: DIGITAL_SOURCE_TYPE_URIS[
        provenance.digitalSourceType
      ] as (typeof actions.actions)[number]['digitalSourceType'],
      softwareAgent: { name: 'Pictura' },
    },
  ];
  manifest.addAssertion(actions);
  const hash = DataHashAssertion.create('SHA-256');
  manifest.addAssertion(hash);
  await asset.ensureManifestSpace(store.measureSize());
  await hash.updateWithAsset(asset);
  await manifest.sign(signer);
  await asset.writeManifestJUMBF(store.getBytes());
  return Buffer.from(await asset.getDataRange());
}

/** What a file's C2PA manifest says, read and validated with c2pa-ts; undefined when it has none. */
export async function readC2pa(
  bytes: Buffer,
): Promise<{ validation: ValidationResult; actions: ActionAssertion['actions'] } | undefined> {
  const data = new Uint8Array(bytes);
  const asset = JPEG.canRead(data)
    ? new JPEG(data)
    : PNG.canRead(data)
      ? new PNG(data)
      : BMFF.canRead(data)
        ? new BMFF(data)
        : undefined;
  const jumbf = asset?.getManifestJUMBF();
  if (!asset || !jumbf) return undefined;
  const store = ManifestStore.read(SuperBox.fromBuffer(jumbf as Uint8Array<ArrayBuffer>));
  const validation = await store.validate(asset);
  const assertions = store.getActiveManifest()?.assertions?.assertions ?? [];
  const actions = assertions.flatMap((assertion) =>
    assertion instanceof ActionAssertion ? assertion.actions : [],
  );
  return { validation, actions };
}
