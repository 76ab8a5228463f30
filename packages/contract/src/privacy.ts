import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './account-constants.js';
import { CurrencySchema } from './enum-schemas.js';
import { DATA_EXPORT_STATUSES } from './privacy-constants.js';

/** A data export as its owner sees it on account settings. */
export const DataExportSchema = z.object({
  id: z.uuid(),
  status: z.enum(DATA_EXPORT_STATUSES),
  /** 0 to 100 while it is made; 100 once ready. */
  progress: z.number().int().min(0).max(100),
  requestedAt: z.iso.datetime(),
  readyAt: z.iso.datetime().nullable(),
  /** When the file is deleted and can no longer be downloaded (set once ready). */
  expiresAt: z.iso.datetime().nullable(),
  /**
   * The API path of the ZIP while the export is ready: only its owner's signed-in session may
   * download it (fetched with the Bearer token, never a link that works on its own).
   */
  downloadUrl: z.string().nullable(),
});
export type DataExport = z.infer<typeof DataExportSchema>;

/** GET /api/privacy/exports: the newest export, or null when none was asked for. */
export const LatestDataExportResponseSchema = z.object({ export: DataExportSchema.nullable() });
export type LatestDataExportResponse = z.infer<typeof LatestDataExportResponseSchema>;

export const DataExportParamsSchema = z.strictObject({ exportId: z.uuid() });

/** GET /api/privacy/account-deletion: what deleting the account would forfeit. */
export const AccountDeletionPreviewSchema = z.object({
  /** Balances above zero, per currency, in minor units: forfeited by the deletion. */
  balances: z.array(z.object({ currency: CurrencySchema, amount: z.number().int().positive() })),
  /** False for an administrator, who cannot delete the account this way. */
  allowed: z.boolean(),
});
export type AccountDeletionPreview = z.infer<typeof AccountDeletionPreviewSchema>;

/** POST /api/privacy/account-deletion: the password again, so a left-open session cannot do it. */
export const DeleteAccountRequestSchema = z.strictObject({
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
});
export type DeleteAccountRequest = z.infer<typeof DeleteAccountRequestSchema>;
