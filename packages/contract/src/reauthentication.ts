import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './account-constants.js';
import { PasskeyLoginCredentialSchema } from './passkeys.js';
import { REAUTHENTICATION_MESSAGES } from './reauthentication-constants.js';
import { TwoStepCodeSchema } from './two-step.js';

/** POST /api/accounts/reauthenticate: exactly one proof. */
export const ReauthenticateRequestSchema = z
  .strictObject({
    password: z.string().min(1).max(PASSWORD_MAX_LENGTH).optional(),
    code: TwoStepCodeSchema.optional(),
    passkey: PasskeyLoginCredentialSchema.optional(),
  })
  .refine(
    (value) =>
      [value.password, value.code, value.passkey].filter((proof) => proof !== undefined).length ===
      1,
    { message: REAUTHENTICATION_MESSAGES.oneProof, path: ['password'] },
  );
export type ReauthenticateRequest = z.infer<typeof ReauthenticateRequestSchema>;

/** Until when sensitive changes need no new proof. */
export const ReauthenticateResponseSchema = z.object({ until: z.iso.datetime() });
export type ReauthenticateResponse = z.infer<typeof ReauthenticateResponseSchema>;
