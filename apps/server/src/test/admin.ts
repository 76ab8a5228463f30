import type { App } from '../app.js';
import type { Db } from '../infra/db/index.js';
import { promoteToAdmin } from '../modules/accounts/index.js';
import { signUp, type TestUser } from './accounts.js';

/** A signed-up user made an admin, as `npm run admin:create` would. */
export async function signUpAdmin(app: App, db: Db): Promise<TestUser> {
  const user = await signUp(app);
  if (!(await promoteToAdmin(db, user.email))) throw new Error('admin not promoted');
  return user;
}
