// `npm run admin:create -- --email owner@example.com [--promote]`: makes an admin. A new address gets
// a new account, with the password from ADMIN_PASSWORD (for scripts) or typed at the prompt (not
// echoed). An existing account is shown (passkeys, two-step sign-in, open sessions) and promoted only
// with --promote and a verified address; its sessions are ended. Same configuration (DATABASE_URL,
// DATA_DIR) as the server.
import { parseArgs } from 'node:util';
import { EmailSchema } from '@pictura/contract';
import { ConfigError, loadConfig } from '../config.js';
import { createDatabase, migrate } from '../infra/db/index.js';
import { createLogger } from '../logger.js';
import {
  AdminPromotionRefused,
  createOrPromoteAdmin,
  type ExistingAccount,
} from '../modules/accounts/index.js';
import { readHidden } from './read-hidden.js';

const USAGE =
  'Usage: npm run admin:create -- --email you@example.com [--promote]   (password: ADMIN_PASSWORD or prompt)';

function readArguments(): { email: string; promote: boolean } {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, promote: { type: 'boolean', default: false } },
    strict: true,
  });
  const email = EmailSchema.safeParse(values.email ?? '');
  if (!email.success) throw new RangeError(USAGE);
  return { email: email.data, promote: values.promote };
}

const when = (moment: Date | null) => (moment ? moment.toISOString() : 'never');

/** The account as the operator should see it before trusting it with the back office. */
function describe(account: ExistingAccount, sessionsEnded: boolean): string {
  const lines = [
    `Account ${account.email}: address ${account.emailVerified ? 'verified' : 'NOT verified'}, ` +
      `${account.isAdmin ? 'admin' : 'customer'}.`,
    `  Two-step sign-in: ${account.twoStepOn ? 'on' : 'off'}.`,
    `  Passkeys (${account.passkeys.length}):`,
    ...account.passkeys.map(
      (key) => `    - ${key.name}, added ${when(key.createdAt)}, last used ${when(key.lastUsedAt)}`,
    ),
    `  Open sessions (${account.sessions.length})${sessionsEnded ? ', now ended' : ''}:`,
    ...account.sessions.map(
      (session) =>
        `    - ${session.device}, signed in ${when(session.signedInAt)}, last used ${when(session.lastUsedAt)}`,
    ),
  ];
  return lines.join('\n');
}

let options: { email: string; promote: boolean };
let config: ReturnType<typeof loadConfig>;
try {
  options = readArguments();
  config = loadConfig(process.env);
} catch (err) {
  console.error(err instanceof ConfigError || err instanceof RangeError ? err.message : USAGE);
  process.exit(1);
}

const { email, promote } = options;
const logger = createLogger(config);
const database = await createDatabase(config, logger);
try {
  await migrate(database);
  const result = await createOrPromoteAdmin(
    database.db,
    email,
    async () => {
      const fromEnvironment = process.env.ADMIN_PASSWORD;
      if (fromEnvironment) return fromEnvironment;
      const typed = await readHidden('Password for the new admin: ');
      if (typed !== (await readHidden('Repeat the password: '))) {
        throw new Error('The passwords do not match.');
      }
      return typed;
    },
    { promote },
  );
  switch (result.outcome) {
    case 'created':
      console.log(`Admin ${email} created.`);
      break;
    case 'already-admin':
      console.log(`${email} is an admin already; nothing was changed.`);
      console.log(describe(result.account, false));
      break;
    case 'promoted':
      console.log(`${email} is now an admin.`);
      console.log(describe(result.account, true));
      console.log(
        'Check the passkeys and two-step sign-in above: they stay, and the back office accepts them.',
      );
      break;
  }
  console.log(
    'Before the back office opens, the admin needs a second factor: sign in, then add a passkey or ' +
      'turn on two-step sign-in (an authenticator app) in the account settings.',
  );
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  if (err instanceof AdminPromotionRefused) console.error(describe(err.account, false));
  process.exitCode = 1;
} finally {
  await database.close();
}
