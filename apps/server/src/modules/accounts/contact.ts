import { eq } from 'drizzle-orm';
import type { Locale } from '@pictura/contract';
import type { Db } from '../../infra/db/index.js';
import { users } from './schema.js';
import { unauthorized } from './service.js';

/** How to reach a user: for the payment provider's page, receipts and mails of other modules. */
export interface UserContact {
  readonly email: string;
  readonly locale: Locale;
}

/** The contact of a signed-in user; a 401 when the account is gone (its sessions went with it). */
export async function userContact(db: Db, userId: string): Promise<UserContact> {
  const [row] = await db
    .select({ email: users.email, locale: users.locale })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw unauthorized();
  return row;
}
