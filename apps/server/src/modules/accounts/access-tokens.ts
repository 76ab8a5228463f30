import { webcrypto } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';

// One symmetric algorithm, allow-listed when verifying: `none`, RS/ES and the like are refused.
const ALGORITHM = 'HS256';
// RFC 9068's type for access tokens, so that no other JWT signed with the key passes as one.
const TOKEN_TYPE = 'at+jwt';

export interface AccessTokenClaims {
  readonly userId: string;
  /** The refresh-token family of the login: the session this token belongs to. */
  readonly sessionId: string;
}

export interface AccessTokens {
  sign(claims: AccessTokenClaims): Promise<string>;
  /** The claims of a valid, unexpired token of ours; null for anything else. */
  verify(token: string): Promise<AccessTokenClaims | null>;
}

const ClaimsSchema = z.object({ sub: z.uuid(), sid: z.uuid() });

/**
 * Short-lived JWT access tokens: HS256, `exp`, issuer and audience checked. Signed with `key`;
 * tokens signed with one of `previousKeys` (an earlier JWT_SECRET) are still accepted until they
 * expire, so a new secret logs nobody out.
 */
export function createAccessTokens(options: {
  key: Uint8Array;
  previousKeys?: readonly Uint8Array[];
  issuer: string;
  audience: string;
  ttlSeconds: number;
}): AccessTokens {
  const { key, previousKeys = [], issuer, audience, ttlSeconds } = options;
  // Imported once: given raw bytes, jose imports the key again for every token it signs or
  // verifies. The first is the current key, which alone signs.
  const importKey = (raw: Uint8Array, usages: webcrypto.KeyUsage[]) =>
    webcrypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, usages);
  let importedKeys: Promise<[webcrypto.CryptoKey, ...webcrypto.CryptoKey[]]> | undefined;
  const keysToTry = () =>
    (importedKeys ??= Promise.all([
      importKey(key, ['sign', 'verify']),
      ...previousKeys.map((raw) => importKey(raw, ['verify'])),
    ]));

  return {
    async sign({ userId, sessionId }) {
      const [signingKey] = await keysToTry();
      return new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: ALGORITHM, typ: TOKEN_TYPE })
        .setSubject(userId)
        .setIssuer(issuer)
        .setAudience(audience)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(signingKey);
    },

    async verify(token) {
      for (const candidate of await keysToTry()) {
        try {
          const { payload } = await jwtVerify(token, candidate, {
            algorithms: [ALGORITHM],
            typ: TOKEN_TYPE,
            issuer,
            audience,
            requiredClaims: ['sub', 'sid', 'exp', 'iat'],
          });
          const claims = ClaimsSchema.safeParse(payload);
          return claims.success ? { userId: claims.data.sub, sessionId: claims.data.sid } : null;
        } catch (err) {
          // A signature of another key: try the next. Every other way a token can be bad is a
          // JOSEError too, and final; anything else is a bug worth a 500.
          if (err instanceof errors.JWSSignatureVerificationFailed) continue;
          if (err instanceof errors.JOSEError) return null;
          throw err;
        }
      }
      return null;
    },
  };
}
