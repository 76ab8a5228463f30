import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_HEADLESS_SHELL_PATH } from '../scripts/ensure-chromium.mjs';

// The production build served by the real server on a fresh embedded database per run.
const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = (process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'pictura-e2e-')));
// A second server whose access tokens expire after 3 s, for the token refresh journey only
// (accounts-session.spec.ts); its own data dir, so its mails and users stay apart.
const shortTokenPort = Number(process.env.E2E_SHORT_TOKEN_PORT ?? port + 50);
process.env.E2E_SHORT_TOKEN_URL ??= `http://localhost:${shortTokenPort}`;
const shortTokenDataDir = (process.env.E2E_SHORT_TOKEN_DATA_DIR ??= mkdtempSync(
  join(tmpdir(), 'pictura-e2e-short-'),
));

// The back office journey signs in as this admin, made with the real CLI before the server starts.
process.env.E2E_ADMIN_EMAIL ??= 'admin@e2e.pictura.test';
process.env.E2E_ADMIN_PASSWORD ??= 'Quokka-gallery-keeper-93!';
// Every server's output goes to a file (serve-with-log.mjs) that global-teardown.ts searches for
// secrets. Emptied on the first load only: workers load this file again, with the variable set.
if (!process.env.E2E_LOG_DIR) {
  process.env.E2E_LOG_DIR = join(import.meta.dirname, 'output', 'server-logs');
  rmSync(process.env.E2E_LOG_DIR, { recursive: true, force: true });
}
const withLog = (name: string, command: string) => `node serve-with-log.mjs ${name} ${command}`;
const createAdmin = withLog(
  'admin-create',
  `node ../apps/server/dist/cli/admin-create.js --email ${process.env.E2E_ADMIN_EMAIL}`,
);

// Both servers start from one command, the short-token one in the background: Playwright starts the
// servers of a list one after the other, so the second would wait for the first to paint its catalog.
// global-setup.ts waits for the short-token server; Playwright ends both with the command's process
// group. The variables below are the main server's; the short-token server overrides a few.
const shortTokenServer = withLog(
  'short-token-server',
  `env ${Object.entries({
    PORT: String(shortTokenPort),
    DATA_DIR: shortTokenDataDir,
    ACCESS_TOKEN_TTL_SECONDS: '3',
    // Its journey uses account pages only: no pictures to paint while the main server paints its own.
    DEMO_CATALOG: 'false',
  })
    .map(([name, value]) => `${name}=${value}`)
    .join(' ')} node ../apps/server/dist/main.js`,
);

const webServer = {
  command: `${shortTokenServer} & ${createAdmin} && ${withLog('server', 'node ../apps/server/dist/main.js')}`,
  url: `http://localhost:${port}/api/health`,
  reuseExistingServer: false,
  // A fresh server paints the demo catalog's 100 pictures before it answers: 20 to 40 s on an idle
  // 2-core machine, several times that on a busy one. Waiting longer costs nothing when it is fast.
  timeout: 300_000,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
  env: {
    NODE_ENV: 'production',
    // The journeys pay on the sandbox's page: a test shop, as `npm start` runs one.
    ALLOW_SANDBOX_PAYMENTS: 'true',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD ?? '',
    // Browser journeys sign in and navigate a lot from one address.
    RATE_LIMIT_MAX: '100000',
    AUTH_RATE_LIMIT_IP_MAX: '100000',
  },
};

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  globalTeardown: './global-teardown.ts',
  outputDir: './output/test-results',
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 2,
  // Time limits catch a journey that hangs; they are not what a test asserts. A slow or busy 2-core
  // machine takes two to three times as long as an idle one (the browser, the server and two
  // workers share it), so the limits leave that room: a test with many pages or axe scans says
  // `test.slow()` (three times this), and an expectation waits up to 10 s for the page to get there.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI
    ? [['list']]
    : [['list'], ['html', { outputFolder: 'output/report', open: 'never' }]],
  use: {
    baseURL: `http://localhost:${port}`,
    // A failed test keeps its trace (actions, DOM snapshots, network, console) without the
    // trace's screencast: encoding its frames cost a quarter of the browser journeys' time on
    // a 2-core machine, and a failure still keeps its final screenshot.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_HEADLESS_SHELL_PATH,
      // Without these Chromium tries to reach Google services, which this closed network refuses.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer,
});
