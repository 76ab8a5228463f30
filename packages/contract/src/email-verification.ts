import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './account-constants.js';
import { EmailSchema } from './common.js';

/** What the link in the mail carries: whose address it verifies and the single-use token. */
export const VerifyEmailRequestSchema = z.strictObject({
  user: z.uuid(),
  token: z.string().min(16).max(128),
});
export type VerifyEmailRequest = z.infer<typeof VerifyEmailRequestSchema>;

/** The address that is now verified (after a change, the new one). */
export const VerifyEmailResponseSchema = z.object({ email: z.string() });
export type VerifyEmailResponse = z.infer<typeof VerifyEmailResponseSchema>;

/** The undo link's page sends what the link carries, as the verification page does. */
export const UndoEmailChangeRequestSchema = VerifyEmailRequestSchema;
export type UndoEmailChangeRequest = z.infer<typeof UndoEmailChangeRequestSchema>;

/** The address the account has again; its password must be chosen anew (a reset). */
export const UndoEmailChangeResponseSchema = z.object({ email: z.string() });
export type UndoEmailChangeResponse = z.infer<typeof UndoEmailChangeResponseSchema>;

/** A new address takes over only once its link is opened; the password proves it is the owner asking. */
export const ChangeEmailRequestSchema = z.strictObject({
  email: EmailSchema,
  currentPassword: z.string().min(1).max(PASSWORD_MAX_LENGTH),
});
export type ChangeEmailRequest = z.infer<typeof ChangeEmailRequestSchema>;
