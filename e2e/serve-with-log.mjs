// Runs a command with its stdout and stderr appended to $E2E_LOG_DIR/<name>.log, so that
// global-teardown.ts can search everything the servers printed during the run for secrets.
// Usage: node serve-with-log.mjs <name> <command> [args...]
import { spawn } from 'node:child_process';
import { mkdirSync, openSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const [name, command, ...args] = process.argv.slice(2);
if (!name || !command) {
  console.error('usage: node serve-with-log.mjs <name> <command> [args...]');
  process.exit(2);
}

const LOG_DIR =
  process.env.E2E_LOG_DIR ?? join(dirname(fileURLToPath(import.meta.url)), 'output', 'server-logs');
mkdirSync(LOG_DIR, { recursive: true });
// The child writes to the file itself: nothing is buffered here that a kill could lose.
const log = openSync(join(LOG_DIR, `${name}.log`), 'a');
const child = spawn(command, args, { stdio: ['ignore', log, log] });

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => child.kill(signal));
}
child.on('error', (error) => {
  console.error(`${name}: ${error.message}`);
  process.exit(1);
});
child.on('exit', (code, signal) => {
  if (code !== 0) console.error(`${name} ended with ${signal ?? `exit code ${code}`}`);
  process.exit(code ?? 1);
});
