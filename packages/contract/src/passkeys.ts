import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './account-constants.js';
import { PASSKEY_NAME_MAX_LENGTH } from './passkey-constants.js';
import { shortText } from './common.js';

// WebAuthn passkeys: the JSON forms of the browser's options and credentials (WebAuthn level 3
// `toJSON()`, as @simplewebauthn/browser sends them), and the passkeys a user sees in account settings.

/** Binary values travel as unpadded base64url. */
const base64Url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/, 'Use base64url');

/** A credential id is at most 1023 bytes (WebAuthn), 1364 characters in base64url. */
const CredentialIdSchema = base64Url(1364).min(1);

const TransportSchema = z.string().min(1).max(32);
const TransportsSchema = z.array(TransportSchema).max(8);

const ResidentKeySchema = z.enum(['discouraged', 'preferred', 'required']);
const UserVerificationSchema = z.enum(['discouraged', 'preferred', 'required']);
const AttachmentSchema = z.enum(['platform', 'cross-platform']);

const CredentialDescriptorSchema = z.object({
  id: CredentialIdSchema,
  // Always 'public-key' today; typed as the WebAuthn libraries type it.
  type: z.string(),
  transports: TransportsSchema.optional(),
});

/** What `navigator.credentials.create()` needs to make a passkey (PublicKeyCredentialCreationOptionsJSON). */
export const PasskeyRegistrationOptionsSchema = z.object({
  challenge: base64Url(512),
  rp: z.object({ id: z.string().optional(), name: z.string() }),
  user: z.object({ id: base64Url(512), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.object({ alg: z.number().int(), type: z.literal('public-key') })),
  timeout: z.number().int().positive().optional(),
  excludeCredentials: z.array(CredentialDescriptorSchema).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: AttachmentSchema.optional(),
      requireResidentKey: z.boolean().optional(),
      residentKey: ResidentKeySchema.optional(),
      userVerification: UserVerificationSchema.optional(),
    })
    .optional(),
  hints: z.array(z.enum(['hybrid', 'security-key', 'client-device'])).optional(),
  attestation: z.enum(['direct', 'enterprise', 'indirect', 'none']).optional(),
  extensions: z.object({ credProps: z.boolean().optional() }).optional(),
});
export type PasskeyRegistrationOptions = z.infer<typeof PasskeyRegistrationOptionsSchema>;

/** What `navigator.credentials.get()` needs to sign in (PublicKeyCredentialRequestOptionsJSON). */
export const PasskeyLoginOptionsSchema = z.object({
  challenge: base64Url(512),
  timeout: z.number().int().positive().optional(),
  rpId: z.string().optional(),
  allowCredentials: z.array(CredentialDescriptorSchema).optional(),
  userVerification: UserVerificationSchema.optional(),
});
export type PasskeyLoginOptions = z.infer<typeof PasskeyLoginOptionsSchema>;

// Extension outputs are not used: they are dropped rather than checked.
const credentialFields = {
  id: CredentialIdSchema,
  rawId: CredentialIdSchema,
  type: z.literal('public-key'),
  authenticatorAttachment: AttachmentSchema.optional(),
  clientExtensionResults: z.object({}),
};

/** A new passkey as the browser returns it (RegistrationResponseJSON). */
export const PasskeyRegistrationCredentialSchema = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: base64Url(4096).min(1),
    attestationObject: base64Url(32768).min(1),
    authenticatorData: base64Url(16384).optional(),
    transports: TransportsSchema.optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64Url(8192).optional(),
  }),
});

/** A passkey's signature as the browser returns it (AuthenticationResponseJSON). */
export const PasskeyLoginCredentialSchema = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: base64Url(4096).min(1),
    authenticatorData: base64Url(16384).min(1),
    signature: base64Url(2048).min(1),
    userHandle: base64Url(512).optional(),
  }),
});

export type PasskeyLoginCredential = z.infer<typeof PasskeyLoginCredentialSchema>;

export const PasskeyNameSchema = shortText(PASSKEY_NAME_MAX_LENGTH);

/**
 * Adding a passkey asks for the password again: a stolen access token alone must not be enough to
 * give its thief a lasting way in.
 */
export const PasskeyRegistrationOptionsRequestSchema = z.strictObject({
  currentPassword: z.string().min(1).max(PASSWORD_MAX_LENGTH),
});
export type PasskeyRegistrationOptionsRequest = z.infer<
  typeof PasskeyRegistrationOptionsRequestSchema
>;

export const RegisterPasskeyRequestSchema = z.strictObject({
  name: PasskeyNameSchema,
  credential: PasskeyRegistrationCredentialSchema,
});
export type RegisterPasskeyRequest = z.infer<typeof RegisterPasskeyRequestSchema>;

export const RenamePasskeyRequestSchema = z.strictObject({ name: PasskeyNameSchema });
export type RenamePasskeyRequest = z.infer<typeof RenamePasskeyRequestSchema>;

export const PasskeyLoginRequestSchema = z.strictObject({
  credential: PasskeyLoginCredentialSchema,
});
export type PasskeyLoginRequest = z.infer<typeof PasskeyLoginRequestSchema>;

/** One of the user's passkeys as account settings lists it. */
export const PasskeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  createdAt: z.iso.datetime(),
  /** Null until the passkey first signs in. */
  lastUsedAt: z.iso.datetime().nullable(),
});
export type Passkey = z.infer<typeof PasskeySchema>;

export const PasskeyListSchema = z.array(PasskeySchema);

export const PasskeyParamsSchema = z.strictObject({ id: z.uuid() });
