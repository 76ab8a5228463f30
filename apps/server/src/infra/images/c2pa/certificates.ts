// Makes the demo certificates with @peculiar/x509, whose dependency injection needs this polyfill.
import 'reflect-metadata';
import { createPrivateKey, webcrypto, X509Certificate } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as x509 from '@peculiar/x509';
import type { ClaimKey } from './cose.js';

x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);

const ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
const DAY_MS = 86_400_000;
/** RFC 9336's id-kp-documentSigning, one of the extended key usages C2PA signers may have. */
const DOCUMENT_SIGNING = '1.3.6.1.5.5.7.3.36';
/** The demo signer is made again when it has less than this left. */
const RENEW_BEFORE_MS = 30 * DAY_MS;

/** The files of the shop's demo signer, under `<DATA_DIR>/c2pa/`. */
export const C2PA_FILES = { key: 'signer.key', certificate: 'signer.pem', chain: 'chain.pem' };

const pem = (label: string, der: ArrayBuffer) =>
  `-----BEGIN ${label}-----\n${Buffer.from(der).toString('base64').replace(/.{64}/g, '$&\n')}\n-----END ${label}-----\n`;

/**
 * The shop's own demo CA and the signing certificate it issues, as the C2PA certificate profile
 * asks: the CA a critical CA basic constraint with keyCertSign; the signer not a CA, a critical
 * digitalSignature key usage, document signing as its extended key usage, subject and authority
 * key identifiers, an organisation in its name, and two years' validity. Readers then validate the
 * manifests and call the signer untrusted: no trust list holds this CA.
 */
export async function makeDemoSigner(
  now = Date.now(),
): Promise<{ key: string; certificate: string; chain: string }> {
  const caKeys = await webcrypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify']);
  const keys = await webcrypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify']);
  const serial = () => Buffer.from(webcrypto.getRandomValues(new Uint8Array(12))).toString('hex');
  const ca = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: `01${serial()}`,
    name: 'CN=Pictura demo provenance CA, O=Pictura, C=ES',
    notBefore: new Date(now - DAY_MS),
    notAfter: new Date(now + 10 * 365 * DAY_MS),
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
    serialNumber: `02${serial()}`,
    subject: 'CN=Pictura content credentials, O=Pictura, C=ES',
    issuer: ca.subject,
    notBefore: new Date(now - DAY_MS),
    notAfter: new Date(now + 2 * 365 * DAY_MS),
    signingAlgorithm: ALGORITHM,
    publicKey: keys.publicKey,
    signingKey: caKeys.privateKey,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([DOCUMENT_SIGNING], false),
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

/** The certificates of a PEM file, in order, as DER. */
export const certificatesOf = (text: string): Uint8Array[] =>
  text
    .split(/(?=-----BEGIN CERTIFICATE-----)/)
    .filter((part) => part.includes('BEGIN CERTIFICATE'))
    .map((part) => new Uint8Array(new X509Certificate(part).raw));

/** The demo signer kept in `dir`, made there on first use or when it nears its end. */
async function demoSigner(dir: string): Promise<{ key: string; chain: string }> {
  const paths = {
    key: join(dir, C2PA_FILES.key),
    certificate: join(dir, C2PA_FILES.certificate),
    chain: join(dir, C2PA_FILES.chain),
  };
  const key = await readOrUndefined(paths.key);
  const certificate = await readOrUndefined(paths.certificate);
  const chain = (await readOrUndefined(paths.chain)) ?? '';
  const fresh =
    certificate &&
    Date.parse(new X509Certificate(certificate).validTo) - Date.now() > RENEW_BEFORE_MS;
  if (key && certificate && fresh) return { key, chain: certificate + chain };
  const made = await makeDemoSigner();
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
  return { key: made.key, chain: made.certificate + made.chain };
}

/**
 * The signing key and chain: the configured certificate (C2PA_CERT_CHAIN, signer first, and
 * C2PA_KEY) when there is one, else the demo signer in `<dataDir>/c2pa/`.
 */
export async function loadClaimKey(
  dataDir: string,
  configured: { chainPath: string; keyPath: string } | undefined,
): Promise<ClaimKey> {
  const { key, chain } = configured
    ? {
        key: await readFile(configured.keyPath, 'utf8'),
        chain: await readFile(configured.chainPath, 'utf8'),
      }
    : await demoSigner(join(dataDir, 'c2pa'));
  const certificates = certificatesOf(chain);
  const [signer] = certificates;
  if (!signer) throw new Error('The C2PA certificate chain holds no certificate');
  const privateKey = createPrivateKey(key);
  if (!new X509Certificate(signer).checkPrivateKey(privateKey)) {
    throw new Error('C2PA_KEY is not the key of the first certificate in C2PA_CERT_CHAIN');
  }
  return { key: privateKey, chain: certificates };
}
