import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './account-constants.js';

/**
 * A code from the authenticator app or a recovery code, as typed: spaces and dashes are left for
 * the server to ignore.
 */
export const TwoStepCodeSchema = z.string().trim().min(1).max(32);

/** GET /api/accounts/two-step. */
export const TwoStepStatusSchema = z.object({
  enabled: z.boolean(),
  /** Recovery codes not used yet; 0 while the step is off. */
  recoveryCodesLeft: z.number().int().min(0),
  /** Whether the user has any second factor: the back office opens only for admins who do. */
  secondFactor: z.boolean(),
  /**
   * Whether this session signed in with two factors (password and code, password and passkey, or a
   * passkey): the back office opens only for such a session.
   */
  sessionMultiFactor: z.boolean(),
});
export type TwoStepStatus = z.infer<typeof TwoStepStatusSchema>;

/** POST /api/accounts/two-step/setup: a new secret to add to an authenticator app. */
export const TwoStepSetupResponseSchema = z.object({
  /** Base32, for typing into the app by hand. */
  secret: z.string().min(1),
  /** The `otpauth://totp/...` address the QR code holds. */
  otpauthUri: z.string().min(1),
  /** The QR code as an SVG document. */
  qrCodeSvg: z.string().min(1),
});
export type TwoStepSetupResponse = z.infer<typeof TwoStepSetupResponseSchema>;

/** POST /api/accounts/two-step/confirm: a code from the app turns the step on. */
export const TwoStepConfirmRequestSchema = z.strictObject({ code: TwoStepCodeSchema });
export type TwoStepConfirmRequest = z.infer<typeof TwoStepConfirmRequestSchema>;

/** The recovery codes, shown this once. */
export const TwoStepRecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type TwoStepRecoveryCodes = z.infer<typeof TwoStepRecoveryCodesSchema>;

/** POST /api/accounts/two-step/disable: the password and a code (or a recovery code). */
export const TwoStepDisableRequestSchema = z.strictObject({
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  code: TwoStepCodeSchema,
});
export type TwoStepDisableRequest = z.infer<typeof TwoStepDisableRequestSchema>;
