// A software passkey authenticator for integration tests: it makes EC P-256 credentials and
// answers registration and sign-in options the way a browser and a platform authenticator would
// (a 'none' attestation, user present and verified), so the server's real WebAuthn verification
// runs on what it gets.
import {
  createHash,
  createSign,
  generateKeyPairSync,
  randomBytes,
  type KeyObject,
} from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';
import type {
  PasskeyLoginOptions,
  PasskeyLoginRequest,
  PasskeyRegistrationOptions,
  RegisterPasskeyRequest,
} from '@pictura/contract';

type RegistrationCredential = RegisterPasskeyRequest['credential'];
type LoginCredential = PasskeyLoginRequest['credential'];

export interface SoftCredential {
  /** base64url, as the server stores it. */
  readonly id: string;
  readonly privateKey: KeyObject;
  /** The user handle of the registration options (base64url). */
  readonly userHandle: string;
  readonly rpId: string;
  counter: number;
}

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_DATA = 0x40;

const base64Url = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64url');

const sha256 = (data: Uint8Array | string): Buffer => createHash('sha256').update(data).digest();

const uint32 = (value: number): Buffer => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
};

/** The COSE_Key of an EC P-256 public key for ES256 (RFC 9053). */
function coseKey(privateKey: KeyObject): Uint8Array {
  const jwk = privateKey.export({ format: 'jwk' });
  if (!jwk.x || !jwk.y) throw new Error('an EC key has x and y');
  return isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x, 'base64url')],
      [-3, Buffer.from(jwk.y, 'base64url')],
    ]),
  );
}

const clientData = (type: string, challenge: string, origin: string): Buffer =>
  Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

export interface SoftAuthenticatorOptions {
  /** The page the browser is on: the shop's public URL in a real browser. */
  readonly origin: string;
}

/** A browser with a platform authenticator that keeps discoverable passkeys. */
export function createSoftAuthenticator({ origin }: SoftAuthenticatorOptions) {
  const credentials: SoftCredential[] = [];

  return {
    credentials,

    /** navigator.credentials.create(): a new passkey for the options' user. */
    register(
      options: PasskeyRegistrationOptions,
      {
        credentialId: chosenId,
        userVerified = true,
      }: {
        /** A credential id of the caller's choosing (base64url), as a forged answer would carry. */
        credentialId?: string;
        /** False for an authenticator that only checks presence (a key without a PIN). */
        userVerified?: boolean;
      } = {},
    ): RegistrationCredential {
      const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const rpId = options.rp.id ?? new URL(origin).hostname;
      const credentialId = chosenId ? Buffer.from(chosenId, 'base64url') : randomBytes(32);
      const authenticatorData = Buffer.concat([
        sha256(rpId),
        Buffer.from([
          FLAG_USER_PRESENT | (userVerified ? FLAG_USER_VERIFIED : 0) | FLAG_ATTESTED_DATA,
        ]),
        uint32(0),
        Buffer.alloc(16), // AAGUID: none given
        Buffer.from([credentialId.length >> 8, credentialId.length & 0xff]),
        credentialId,
        coseKey(privateKey),
      ]);
      const attestationObject = isoCBOR.encode(
        new Map<string, string | Uint8Array | Map<string, string>>([
          ['fmt', 'none'],
          ['attStmt', new Map<string, string>()],
          ['authData', authenticatorData],
        ]),
      );
      const id = base64Url(credentialId);
      credentials.push({ id, privateKey, userHandle: options.user.id, rpId, counter: 0 });
      return {
        id,
        rawId: id,
        type: 'public-key',
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
        response: {
          clientDataJSON: base64Url(clientData('webauthn.create', options.challenge, origin)),
          attestationObject: base64Url(attestationObject),
          transports: ['internal'],
        },
      };
    },

    /**
     * navigator.credentials.get(): `credential` signs the options' challenge (the only one, or the
     * one given). Its counter goes up by one each time, as a hardware key's does.
     */
    signIn(
      options: PasskeyLoginOptions,
      credential: SoftCredential | undefined = credentials[0],
    ): LoginCredential {
      if (!credential) throw new Error('the authenticator holds no passkey');
      credential.counter += 1;
      const authenticatorData = Buffer.concat([
        sha256(options.rpId ?? credential.rpId),
        Buffer.from([FLAG_USER_PRESENT | FLAG_USER_VERIFIED]),
        uint32(credential.counter),
      ]);
      const clientDataJSON = clientData('webauthn.get', options.challenge, origin);
      const signature = createSign('sha256')
        .update(Buffer.concat([authenticatorData, sha256(clientDataJSON)]))
        .sign(credential.privateKey);
      return {
        id: credential.id,
        rawId: credential.id,
        type: 'public-key',
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
        response: {
          clientDataJSON: base64Url(clientDataJSON),
          authenticatorData: base64Url(authenticatorData),
          signature: base64Url(signature),
          userHandle: credential.userHandle,
        },
      };
    },
  };
}

export type SoftAuthenticator = ReturnType<typeof createSoftAuthenticator>;
