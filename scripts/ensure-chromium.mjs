// Browser tests drive Debian's Chromium; nothing downloads a browser of its own (no network here).
// Japanese pages are tested with Debian's Noto CJK fonts, the glyphs Japanese visitors see: without
// them Chromium draws empty boxes of another width, and layout and screenshot tests check nothing real.
// Receipt tests read the PDFs' text with poppler's pdftotext (Debian's poppler-utils).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = '/usr/bin/chromium';
const CJK_FONT_PACKAGE = 'fonts-noto-cjk';
const PDF_TEXT_PACKAGE = 'poppler-utils';

function isDebianPackageInstalled(name) {
  const query = spawnSync('dpkg-query', ['-W', '-f=${Status}', name], { encoding: 'utf8' });
  return query.status === 0 && query.stdout.includes('install ok installed');
}

export function ensureChromium() {
  const missing = [];
  if (!existsSync(CHROMIUM_PATH)) missing.push('chromium');
  if (!isDebianPackageInstalled(CJK_FONT_PACKAGE)) missing.push(CJK_FONT_PACKAGE);
  if (!isDebianPackageInstalled(PDF_TEXT_PACKAGE)) missing.push(PDF_TEXT_PACKAGE);
  if (missing.length === 0) return;
  console.log(`Installing Debian's ${missing.join(' and ')} with apt-get for the browser tests...`);
  const [command, ...prefix] = process.getuid?.() === 0 ? ['apt-get'] : ['sudo', '-n', 'apt-get'];
  const apt = (args) =>
    spawnSync(command, [...prefix, ...args], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  apt(['update', '-qq']);
  const result = apt(['install', '-y', '-qq', ...missing]);
  if (
    result.status !== 0 ||
    !existsSync(CHROMIUM_PATH) ||
    !isDebianPackageInstalled(CJK_FONT_PACKAGE) ||
    !isDebianPackageInstalled(PDF_TEXT_PACKAGE)
  ) {
    console.error(
      `Could not install ${missing.join(' and ')}; browser tests need ${CHROMIUM_PATH} and ${CJK_FONT_PACKAGE}, receipt tests ${PDF_TEXT_PACKAGE}.`,
    );
    process.exit(1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();
