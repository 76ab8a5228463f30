import { z } from 'zod';
import { ISO_COUNTRY_CODES } from './countries.js';
import { CurrencySchema } from './enum-schemas.js';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './account-constants.js';
import { EmailSchema, shortText } from './common.js';
import { PasskeyLoginCredentialSchema } from './passkeys.js';
import { TwoStepCodeSchema } from './two-step.js';

/** Checked exactly as typed: no trimming and no truncation. */
export const NewPasswordSchema = z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH);
const TypedPasswordSchema = z.string().min(1).max(PASSWORD_MAX_LENGTH);

const passwordsMatch = <T extends { password: string; repeatedPassword: string }>(value: T) =>
  value.password === value.repeatedPassword;
const passwordsMatchIssue = { message: 'Passwords do not match', path: ['repeatedPassword'] };

export const RegisterRequestSchema = z
  .strictObject({
    email: EmailSchema,
    password: NewPasswordSchema,
    repeatedPassword: z.string().max(PASSWORD_MAX_LENGTH),
    agreedToPrivacyPolicy: z.literal(true, 'You must agree to the privacy policy'),
  })
  .refine(passwordsMatch, passwordsMatchIssue);
export type RegisterRequest = z.infer<typeof RegisterRequestSchema>;

export const LoginRequestSchema = z.strictObject({
  email: EmailSchema,
  password: TypedPasswordSchema,
  // Not in the spec: the second step of an account with a second factor. A code from the
  // authenticator app (or a recovery code), or a passkey's signature of a `passkey-login/options`
  // challenge; the first answer without either names the ones the account has.
  code: TwoStepCodeSchema.optional(),
  passkey: PasskeyLoginCredentialSchema.optional(),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

export const TokenResponseSchema = z.object({
  accessToken: z.string().min(1),
  refreshToken: z.string().min(1),
});
export type TokenResponse = z.infer<typeof TokenResponseSchema>;

export const RefreshRequestSchema = z.strictObject({
  refreshToken: z.string().min(1).max(512),
});
export type RefreshRequest = z.infer<typeof RefreshRequestSchema>;

/** Log out: the session (refresh-token family) of this token ends. */
export const LogoutRequestSchema = RefreshRequestSchema;
export type LogoutRequest = z.infer<typeof LogoutRequestSchema>;

/** The 200 answer of calls that have nothing to return (forgot and reset password, log out, ...). */
export const EmptyResponseSchema = z.object({});
export type EmptyResponse = z.infer<typeof EmptyResponseSchema>;

export const ForgotPasswordRequestSchema = z.strictObject({ email: EmailSchema });
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequestSchema>;

export const ResetPasswordRequestSchema = z
  .strictObject({
    email: EmailSchema,
    password: NewPasswordSchema,
    repeatedPassword: z.string().max(PASSWORD_MAX_LENGTH),
    // Upper-cased: codes are typed from a mail, and their alphabet has upper-case letters only.
    code: z.string().trim().toUpperCase().min(8).max(64),
  })
  .refine(passwordsMatch, passwordsMatchIssue);
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequestSchema>;

export const ChangePasswordRequestSchema = z
  .strictObject({
    currentPassword: TypedPasswordSchema,
    password: NewPasswordSchema,
    repeatedPassword: z.string().max(PASSWORD_MAX_LENGTH),
  })
  .refine(passwordsMatch, passwordsMatchIssue);
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequestSchema>;

export const UpdateProfileRequestSchema = z.strictObject({
  firstName: shortText(100),
  lastName: shortText(100),
});
export type UpdateProfileRequest = z.infer<typeof UpdateProfileRequestSchema>;

/**
 * An officially assigned ISO 3166-1 alpha-2 country code, upper-cased. EL, the code EU VAT uses for
 * Greece, is taken as GR (Greece's ISO code), so a Greek buyer who types it is charged Greek VAT.
 */
export const CountryCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'Use a two-letter country code')
  .transform((code) => (code === 'EL' ? 'GR' : code))
  .refine((code) => ISO_COUNTRY_CODES.includes(code), 'Not a country code, such as ES or DE');

export const BillingAddressFields = {
  country: CountryCodeSchema,
  city: shortText(100),
  address1: shortText(200),
  state: z.string().trim().max(100).optional(),
  zipCode: z.string().trim().min(1).max(20),
};

export const UpdateBillingRequestSchema = z.strictObject(BillingAddressFields);
export type UpdateBillingRequest = z.infer<typeof UpdateBillingRequestSchema>;

/** Every user is a customer; admins also reach the back office. */
export const ROLES = ['customer', 'admin'] as const;
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

export const ProfileResponseSchema = z.object({
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  country: z.string().nullable(),
  city: z.string().nullable(),
  address1: z.string().nullable(),
  state: z.string().nullable(),
  zipCode: z.string().nullable(),
  currency: CurrencySchema,
  // Shows the way to the back office; the server checks the role on every admin call anyway.
  isAdmin: z.boolean(),
  // Deposit, checkout, gift-card redemption and generation wait for a verified address.
  emailVerified: z.boolean(),
  // An address the user asked to change to, until its link is opened; `email` works until then.
  pendingEmail: z.string().nullable(),
});
export type ProfileResponse = z.infer<typeof ProfileResponseSchema>;
