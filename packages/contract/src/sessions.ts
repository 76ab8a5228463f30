import { z } from 'zod';

/** One signed-in session (a login and its refresh tokens) as its user sees it in account settings. */
export const AccountSessionSchema = z.object({
  id: z.uuid(),
  /** Browser and operating system, read from the user agent that signed in; null when unknown. */
  browser: z.string().nullable(),
  os: z.string().nullable(),
  signedInAt: z.iso.datetime(),
  /** When its tokens were last renewed: within an access token's lifetime of its last use. */
  lastUsedAt: z.iso.datetime(),
  /** The session the request was made with. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof AccountSessionSchema>;

export const AccountSessionListSchema = z.array(AccountSessionSchema);

export const AccountSessionParamsSchema = z.strictObject({ id: z.uuid() });
