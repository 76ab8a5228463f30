import { z } from 'zod';

// GET /api/offers/content-credentials?UrlName=...: what the C2PA manifest of a published picture's
// public preview says, as the reference reader (c2pa-rs) reads it from the stored file.

export const ContentCredentialsQuerySchema = z.object({
  UrlName: z.string().trim().min(1).max(200),
});
export type ContentCredentialsQuery = z.infer<typeof ContentCredentialsQuerySchema>;

/**
 * How the signature reads: `trusted` (signer on a trust list the reader knows), `valid` (intact,
 * signer on no such list: the shop's own demo authority), `invalid` (the file was changed after
 * signing, or the signature does not hold).
 */
export const CONTENT_CREDENTIAL_VALIDATIONS = ['trusted', 'valid', 'invalid'] as const;

export const ContentCredentialsSchema = z.object({
  validation: z.enum(CONTENT_CREDENTIAL_VALIDATIONS),
  /**
   * The original's IPTC digital source type, its last word (`trainedAlgorithmicMedia`,
   * `compositeWithTrainedAlgorithmicMedia`, ...); null when the manifest names none.
   */
  digitalSourceType: z.string().nullable(),
  /** The software that made the original (`Stable Diffusion (SD WebUI)`); null when unknown. */
  generator: z.string().nullable(),
  /** Who signed: the signing certificate's common name. */
  signedBy: z.string().nullable(),
  /** The organisation that issued that certificate. */
  certificateIssuer: z.string().nullable(),
  /** When the original was made and signed (ISO 8601), as its manifest records it. */
  signedAt: z.string().nullable(),
  /** What was done to the original to make the file shown (`c2pa.resized`, `c2pa.edited`, ...). */
  edits: z.array(z.string()),
});
export type ContentCredentials = z.infer<typeof ContentCredentialsSchema>;
