// Browser tests drive Debian's Chromium; nothing downloads a browser of its own (no network here).
// The end-to-end journeys run in its headless shell (the same Blink, without the browser's window
// layer: a fifth less time for the same journeys on a 2-core machine); Lighthouse runs the full
// browser, as a phone's browser is. Japanese pages are tested with Debian's Noto CJK fonts, the
// glyphs Japanese visitors see: without them Chromium draws empty boxes of another width, and layout
// and screenshot tests check nothing real. Receipt tests read the PDFs' text with poppler's
// pdftotext (Debian's poppler-utils). Provenance tests compare the reference C2PA reader with
// exiftool (Debian's libimage-exiftool-perl).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_HEADLESS_SHELL_PATH = '/usr/lib/chromium/chromium-headless-shell';

function isDebianPackageInstalled(name) {
  const query = spawnSync('dpkg-query', ['-W', '-f=${Status}', name], { encoding: 'utf8' });
  return query.status === 0 && query.stdout.includes('install ok installed');
}

/** Each Debian package the tests need, and how to tell it is there. */
const PACKAGES = [
  ['chromium', () => existsSync(CHROMIUM_PATH)],
  ['chromium-headless-shell', () => existsSync(CHROMIUM_HEADLESS_SHELL_PATH)],
  ['fonts-noto-cjk', () => isDebianPackageInstalled('fonts-noto-cjk')],
  ['poppler-utils', () => isDebianPackageInstalled('poppler-utils')],
  ['libimage-exiftool-perl', () => isDebianPackageInstalled('libimage-exiftool-perl')],
];

const missingPackages = () => PACKAGES.flatMap(([name, present]) => (present() ? [] : [name]));

export function ensureChromium() {
  const missing = missingPackages();
  if (missing.length === 0) return;
  console.log(`Installing Debian's ${missing.join(', ')} with apt-get for the browser tests...`);
  const [command, ...prefix] = process.getuid?.() === 0 ? ['apt-get'] : ['sudo', '-n', 'apt-get'];
  const apt = (args) =>
    spawnSync(command, [...prefix, ...args], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  apt(['update', '-qq']);
  const result = apt(['install', '-y', '-qq', ...missing]);
  const stillMissing = missingPackages();
  if (result.status !== 0 || stillMissing.length > 0) {
    console.error(
      `Could not install ${stillMissing.join(', ') || missing.join(', ')}: browser tests need Chromium and its headless shell with fonts-noto-cjk, receipt tests poppler-utils, provenance tests exiftool (libimage-exiftool-perl).`,
    );
    process.exit(1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();
