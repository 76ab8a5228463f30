// Helpers shared by the two commands. Only Node built-ins: these run before `npm install`.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Runs a command with inherited output; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(1));
  });
}

export const runNpm = (args, options) => run(npm, args, options);

/**
 * Installs dependencies when node_modules is missing or was installed from another lock file.
 * The lock file's hash is remembered inside node_modules, so a warm tree skips the install.
 */
export function ensureInstall() {
  const lock = join(root, 'package-lock.json');
  const marker = join(root, 'node_modules', '.pictura-lock-hash');
  const hash = createHash('sha256').update(readFileSync(lock)).digest('hex');
  if (existsSync(marker) && readFileSync(marker, 'utf8') === hash) return;
  console.log('Installing dependencies (npm ci)...');
  const result = spawnSync(npm, ['ci', '--include=dev', '--no-audit', '--no-fund'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    console.error('npm ci failed');
    process.exit(result.status ?? 1);
  }
  writeFileSync(marker, hash);
}
