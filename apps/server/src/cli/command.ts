import { ConfigError } from '../config.js';
import { BackupRefused } from '../modules/backup/index.js';

/**
 * Runs a command's body; a refusal, a bad variable or bad arguments print their message alone (no
 * stack: they are not bugs) and exit with 1, as any other failure does with its stack.
 */
export async function runCommand(usage: string, body: () => Promise<void>): Promise<void> {
  try {
    await body();
  } catch (err) {
    if (err instanceof BackupRefused || err instanceof ConfigError) console.error(err.message);
    else if (err instanceof RangeError && err.message === usage) console.error(usage);
    else if (
      err instanceof TypeError &&
      'code' in err &&
      String(err.code).startsWith('ERR_PARSE_ARGS')
    ) {
      console.error(`${err.message}\n${usage}`);
    } else console.error(err);
    process.exitCode = 1;
  }
}
