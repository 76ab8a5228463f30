import { z } from 'zod';
import { CurrencySchema } from './enums.js';
import { EmailSchema, shortText } from './common.js';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/**
 * The lowest zxcvbn score (0 to 4) a new password may have. The server refuses weaker ones with
 * `ACCOUNT_MESSAGES.passwordTooWeak` on `password`; the sign-up page shows the same estimate as a hint.
 */
export const PASSWORD_MIN_SCORE = 3;

/**
 * zxcvbn options both sides use, so the hint and the verdict agree: only the first 64 characters are
 * estimated and l33t variants are capped, which keeps one check under about 0.1 s (the defaults take
 * seconds on a crafted 128-character password, blocking the server).
 */
export const PASSWORD_STRENGTH_OPTIONS = { maxLength: 64, l33tMaxSubstitutions: 10 } as const;

/** Password-reset codes: this many characters from an alphabet without look-alikes (0/O, 1/I/L). */
export const RESET_CODE_LENGTH = 10;
export const RESET_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** The server's own messages about accounts (English); the web may translate them by value. */
export const ACCOUNT_MESSAGES = {
  // The same for an unknown email and a wrong password, so that login does not reveal accounts.
  invalidCredentials: 'The email or password is not correct.',
  emailTaken: 'An account with this email already exists.',
  passwordTooWeak: 'This password is too easy to guess. Use a longer or less common one.',
  currentPasswordWrong: 'The current password is not correct.',
  invalidResetCode: 'This code is not valid or has expired. Ask for a new one.',
} as const;

/** Checked exactly as typed: no trimming and no truncation (issue: accounts, rule 2). */
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

/** ISO 3166-1 alpha-2 country code, upper-cased. */
export const CountryCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'Use a two-letter country code');

export const BillingAddressFields = {
  country: CountryCodeSchema,
  city: shortText(100),
  address1: shortText(200),
  state: z.string().trim().max(100).optional(),
  zipCode: z.string().trim().min(1).max(20),
};

export const UpdateBillingRequestSchema = z.strictObject(BillingAddressFields);
export type UpdateBillingRequest = z.infer<typeof UpdateBillingRequestSchema>;

/** Issue 8: every user is a customer; admins also reach the back office. */
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
});
export type ProfileResponse = z.infer<typeof ProfileResponseSchema>;
