// Browser tests drive Debian's Chromium; nothing downloads a browser of its own (no network here).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = '/usr/bin/chromium';

export function ensureChromium() {
  if (existsSync(CHROMIUM_PATH)) return;
  console.log(`${CHROMIUM_PATH} is missing: installing Debian's chromium with apt-get...`);
  const [command, ...prefix] = process.getuid?.() === 0 ? ['apt-get'] : ['sudo', '-n', 'apt-get'];
  const apt = (args) =>
    spawnSync(command, [...prefix, ...args], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  apt(['update', '-qq']);
  const result = apt(['install', '-y', '-qq', 'chromium']);
  if (result.status !== 0 || !existsSync(CHROMIUM_PATH)) {
    console.error('Could not install chromium; browser tests need /usr/bin/chromium.');
    process.exit(1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();
