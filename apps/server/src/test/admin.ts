import type { App } from '../app.js';
import type { Db } from '../infra/db/index.js';
import { promoteToAdmin } from '../modules/accounts/index.js';
import { signUp, type TestUser } from './accounts.js';
import { enrollTwoStep, loginWithStep } from './two-step.js';

export interface TestAdmin extends TestUser {
  /** The admin's two-step secret, to compute further codes. */
  readonly totpSecret: string;
}

/**
 * A signed-up user made an admin, as `npm run admin:create` would, who then sets up two-step
 * sign-in (the back office asks for a second factor) and logs in with a code, as an admin does at
 * first sign-in. The code is the next time step's: the one that confirmed the set-up is used up.
 */
export async function signUpAdmin(app: App, db: Db): Promise<TestAdmin> {
  const user = await signUp(app);
  if (!(await promoteToAdmin(db, user.email))) throw new Error('admin not promoted');
  const { secret, confirmedStep } = await enrollTwoStep(app, user);
  const tokens = await loginWithStep(app, user, secret, confirmedStep + 1);
  return { ...user, ...tokens, totpSecret: secret };
}
