// `npm run admin:create -- --email owner@example.com`: makes the first admin. An existing
// account is promoted; otherwise a new one is created with the password from ADMIN_PASSWORD (for
// scripts) or typed at the prompt (not echoed). Same configuration (DATABASE_URL, DATA_DIR) as the server.
import { parseArgs } from 'node:util';
import { EmailSchema } from '@pictura/contract';
import { ConfigError, loadConfig } from '../config.js';
import { createDatabase, migrate } from '../infra/db/index.js';
import { createLogger } from '../logger.js';
import { createOrPromoteAdmin } from '../modules/accounts/index.js';
import { readHidden } from './read-hidden.js';

const USAGE =
  'Usage: npm run admin:create -- --email you@example.com   (password: ADMIN_PASSWORD or prompt)';

function readEmail(): string {
  const { values } = parseArgs({ options: { email: { type: 'string' } }, strict: true });
  const email = EmailSchema.safeParse(values.email ?? '');
  if (!email.success) throw new RangeError(USAGE);
  return email.data;
}

let email: string;
let config: ReturnType<typeof loadConfig>;
try {
  email = readEmail();
  config = loadConfig(process.env);
} catch (err) {
  console.error(err instanceof ConfigError || err instanceof RangeError ? err.message : USAGE);
  process.exit(1);
}

const logger = createLogger(config);
const database = await createDatabase(config, logger);
try {
  await migrate(database);
  const outcome = await createOrPromoteAdmin(database.db, email, async () => {
    const fromEnvironment = process.env.ADMIN_PASSWORD;
    if (fromEnvironment) return fromEnvironment;
    const typed = await readHidden('Password for the new admin: ');
    if (typed !== (await readHidden('Repeat the password: '))) {
      throw new Error('The passwords do not match.');
    }
    return typed;
  });
  console.log(outcome === 'promoted' ? `${email} is now an admin.` : `Admin ${email} created.`);
  console.log(
    'Before the back office opens, the admin needs a second factor: sign in, then add a passkey or ' +
      'turn on two-step sign-in (an authenticator app) in the account settings.',
  );
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exitCode = 1;
} finally {
  await database.close();
}
