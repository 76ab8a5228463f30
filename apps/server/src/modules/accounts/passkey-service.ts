import { randomBytes } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import {
  ACCOUNT_MESSAGES,
  PASSKEY_MESSAGES,
  PASSKEYS_PER_USER_MAX,
  type Passkey,
  type PasskeyLoginOptions,
  type PasskeyLoginRequest,
  type PasskeyRegistrationOptions,
  type PasskeyRegistrationOptionsRequest,
  type RegisterPasskeyRequest,
  type TokenResponse,
} from '@pictura/contract';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../infra/db/index.js';
import { AppError } from '../../lib/index.js';
import type { AccessTokens } from './access-tokens.js';
import {
  consumeChallenge,
  signedChallenge,
  storeChallenge,
  CHALLENGE_LIFETIME_MS,
} from './passkey-challenges.js';
import { relyingPartyOf, verifyPasskeyAssertion } from './passkey-assertion.js';
import {
  deletePasskey,
  insertPasskey,
  listPasskeys,
  passkeyCredentials,
  renamePasskey,
} from './passkeys.js';
import { verifyPassword } from './passwords.js';
import { recordAccountEvent } from './account-events.js';
import { queueSecurityChangedMail, type SecurityMailDeps } from './security-mails.js';
import { getSignedInUser, type AuthenticatedUser } from './service.js';
import { startSession } from './sessions.js';

export interface PasskeyDeps extends SecurityMailDeps {
  readonly db: Db;
  readonly config: Pick<AppConfig, 'publicUrl'>;
  readonly accessTokens: AccessTokens;
}

/** ES256, EdDSA and RS256: what passkey providers and security keys make. */
const ALGORITHMS = [-7, -8, -257];

const notVerified = () => AppError.general('VALIDATION', PASSKEY_MESSAGES.notVerified);

/**
 * Passkeys (WebAuthn): adding one to the signed-in account, listing, renaming and removing them, and
 * signing in with one instead of a password. The relying party is the shop's public address
 * (PUBLIC_URL): its host name is the RP ID and its origin the only one a passkey answer may come from.
 * Passkeys are discoverable and verify their user (PIN or biometrics), so signing in needs no email
 * and the passkey alone is two factors. Adding and removing one is mailed to the account's owner.
 */
export function createPasskeyService(deps: PasskeyDeps) {
  const { db, config, accessTokens } = deps;
  const rp = relyingPartyOf(config.publicUrl);
  const { origin, rpID } = rp;

  return {
    list: (user: AuthenticatedUser): Promise<Passkey[]> => listPasskeys(db, user.id),

    async registrationOptions(
      user: AuthenticatedUser,
      input: PasskeyRegistrationOptionsRequest,
    ): Promise<PasskeyRegistrationOptions> {
      const account = await getSignedInUser(db, user.id);
      if (!(await verifyPassword(account.passwordHash, input.currentPassword))) {
        throw new AppError('VALIDATION', {
          currentPassword: ACCOUNT_MESSAGES.currentPasswordWrong,
        });
      }
      const existing = await passkeyCredentials(db, user.id);
      if (existing.length >= PASSKEYS_PER_USER_MAX) {
        throw AppError.general('VALIDATION', PASSKEY_MESSAGES.tooMany);
      }
      // One random handle per account, shared by its passkeys: an authenticator then keeps one
      // passkey per account, and the handle says nothing about the user.
      const userHandle = existing[0]?.userHandle ?? isoBase64URL.fromBuffer(randomBytes(32));
      const options = await generateRegistrationOptions({
        rpName: 'Pictura',
        rpID,
        userName: account.email,
        userID: isoBase64URL.toBuffer(userHandle),
        timeout: CHALLENGE_LIFETIME_MS,
        attestationType: 'none',
        excludeCredentials: existing.map((passkey) => ({
          id: passkey.credentialId,
          transports: passkey.transports,
        })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
        supportedAlgorithmIDs: ALGORITHMS,
      });
      await storeChallenge(
        db,
        { challenge: options.challenge, ceremony: 'registration', userId: user.id, userHandle },
        new Date(),
      );
      return options;
    },

    async register(user: AuthenticatedUser, input: RegisterPasskeyRequest): Promise<Passkey> {
      const now = new Date();
      const challenge = signedChallenge(input.credential.response.clientDataJSON);
      const issued =
        challenge === null
          ? null
          : await consumeChallenge(db, challenge, 'registration', user.id, now);
      if (!issued?.userHandle) throw notVerified();

      const verification = await verifyRegistrationResponse({
        response: input.credential,
        expectedChallenge: issued.challenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        requireUserVerification: true,
        supportedAlgorithmIDs: ALGORITHMS,
      }).catch(() => null);
      if (!verification?.verified) throw notVerified();

      if ((await passkeyCredentials(db, user.id)).length >= PASSKEYS_PER_USER_MAX) {
        throw AppError.general('VALIDATION', PASSKEY_MESSAGES.tooMany);
      }
      const { credential } = verification.registrationInfo;
      // The id the answer names must be the one its authenticator data holds.
      if (credential.id !== input.credential.id) throw notVerified();
      const { userHandle } = issued;
      const stored = await db.transaction(async (tx) => {
        const inserted = await insertPasskey(tx, {
          userId: user.id,
          credentialId: credential.id,
          publicKey: isoBase64URL.fromBuffer(credential.publicKey),
          counter: credential.counter,
          transports: credential.transports ?? [],
          userHandle,
          name: input.name,
          createdAt: now,
        });
        if (inserted) {
          await queueSecurityChangedMail(tx, deps, user.id, {
            kind: 'passkeyAdded',
            passkeyName: inserted.name,
          });
          await recordAccountEvent(tx, user.id, 'passkeyAdded', now);
        }
        return inserted;
      });
      if (!stored) throw AppError.general('VALIDATION', PASSKEY_MESSAGES.alreadyRegistered);
      return stored;
    },

    async rename(user: AuthenticatedUser, passkeyId: string, name: string): Promise<Passkey> {
      const renamed = await renamePasskey(db, user.id, passkeyId, name);
      if (!renamed) throw new AppError('NOT_FOUND');
      return renamed;
    },

    async remove(user: AuthenticatedUser, passkeyId: string): Promise<void> {
      const removed = await db.transaction(async (tx) => {
        const name = await deletePasskey(tx, user.id, passkeyId);
        if (name === null) return false;
        await queueSecurityChangedMail(tx, deps, user.id, {
          kind: 'passkeyRemoved',
          passkeyName: name,
        });
        await recordAccountEvent(tx, user.id, 'passkeyRemoved');
        return true;
      });
      if (!removed) throw new AppError('NOT_FOUND');
    },

    /** No credentials are named: the browser offers the passkeys it holds for this site. */
    async loginOptions(): Promise<PasskeyLoginOptions> {
      const options = await generateAuthenticationOptions({
        rpID,
        timeout: CHALLENGE_LIFETIME_MS,
        userVerification: 'required',
      });
      await storeChallenge(
        db,
        { challenge: options.challenge, ceremony: 'login', userId: null, userHandle: null },
        new Date(),
      );
      return options;
    },

    /**
     * One answer for an unknown passkey, a bad signature and a used or expired challenge. The
     * account is the one the passkey was registered to, and the authenticator must name the same
     * user handle: a passkey of one account never signs in to another.
     */
    async login(input: PasskeyLoginRequest, userAgent?: string): Promise<TokenResponse> {
      const now = new Date();
      const signed = await verifyPasskeyAssertion(db, rp, input.credential, now);
      if (!signed) throw notVerified();
      const session = await startSession(db, signed.userId, 'passkey', now, userAgent);
      const accessToken = await accessTokens.sign({
        userId: signed.userId,
        sessionId: session.sessionId,
      });
      return { accessToken, refreshToken: session.refreshToken };
    },
  };
}

export type PasskeyService = ReturnType<typeof createPasskeyService>;
