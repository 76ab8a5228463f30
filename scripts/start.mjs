// `npm start`: install what is missing, build, then serve shop and API on PORT (default 3000).
// The server itself migrates the database and seeds the demo catalog on an empty database.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureInstall, root, runNpm } from './lib.mjs';

ensureInstall();
const buildCode = await runNpm(['run', 'build']);
if (buildCode !== 0) process.exit(buildCode);

const server = spawn(process.execPath, [join(root, 'apps/server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
  // A fresh machine has no payment provider: the sandbox runs as a test shop (ribbon on every page)
  // while PUBLIC_URL is unset or loopback. A public PUBLIC_URL needs PAYMENT_PROVIDER=stripe, or
  // ALLOW_SANDBOX_PAYMENTS=true set by the operator: this script never sets it.
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
