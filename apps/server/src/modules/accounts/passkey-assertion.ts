import { verifyAuthenticationResponse } from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import type { PasskeyLoginCredential } from '@pictura/contract';
import type { Db } from '../../infra/db/index.js';
import { consumeChallenge, signedChallenge } from './passkey-challenges.js';
import { findPasskeyByCredentialId, recordPasskeyUse } from './passkeys.js';

/** The relying party: the shop's public address, its host name the RP ID, its origin the only one. */
export interface RelyingParty {
  readonly origin: string;
  readonly rpID: string;
}

export function relyingPartyOf(publicUrl: string): RelyingParty {
  const { origin, hostname } = new URL(publicUrl);
  return { origin, rpID: hostname };
}

/**
 * Checks a passkey's signature of a sign-in challenge (single use, from
 * `passkey-login/options`) and records the use. The answer is the account of the passkey, or null
 * for an unknown passkey, a bad signature, a used or expired challenge, a user handle other than the
 * one the passkey was made with, or (with `expectedUserId`: the second step of a password sign-in,
 * a re-authentication) a passkey of another account. User verification is required, so a passkey
 * that passes proved possession and its PIN or biometric.
 */
export async function verifyPasskeyAssertion(
  db: Db,
  rp: RelyingParty,
  credential: PasskeyLoginCredential,
  now: Date,
  expectedUserId?: string,
): Promise<{ userId: string } | null> {
  const challenge = signedChallenge(credential.response.clientDataJSON);
  const issued =
    challenge === null ? null : await consumeChallenge(db, challenge, 'login', null, now);
  if (!issued) return null;
  const passkey = await findPasskeyByCredentialId(db, credential.id);
  if (!passkey || credential.response.userHandle !== passkey.userHandle) return null;
  if (expectedUserId !== undefined && passkey.userId !== expectedUserId) return null;

  const verification = await verifyAuthenticationResponse({
    response: credential,
    expectedChallenge: issued.challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.rpID,
    credential: {
      id: passkey.credentialId,
      publicKey: isoBase64URL.toBuffer(passkey.publicKey),
      counter: passkey.counter,
      transports: passkey.transports,
    },
    requireUserVerification: true,
  }).catch(() => null);
  if (!verification?.verified) return null;
  const { newCounter } = verification.authenticationInfo;
  if (!(await recordPasskeyUse(db, passkey.id, newCounter, now))) return null;
  return { userId: passkey.userId };
}
