import type { APIRequestContext, Page } from '@playwright/test';
import {
  apiPaths,
  CURRENCIES,
  CURRENCY_COOKIE,
  LOCALE_COOKIE,
  LOCALES,
  paths,
  signedInOnlyPaths,
  signedOutOnlyPaths,
  STORAGE_KEYS,
  TokenResponseSchema,
  type Currency,
  type Locale,
} from '@pictura/contract';
import { expect, newUser, signUpThroughApi, startSignedIn, test, type TestUser } from './fixtures';
import { demoOffer, publicPages, UNKNOWN_PATH, UNKNOWN_PICTURE } from './ssr-helpers';

// Every public page, server-rendered, hydrates without a single console error, page error or CSP
// violation, in every language and currency, signed in and out; and the browser keeps the
// server's DOM (React adopted it) rather than drawing the page again. Signed in, the pages only a
// signed-in user may open (drawn by the browser) come too. Every page shows its heading, header
// and footer in the visitor's language. One browser context per combination loads every page in
// turn, as one visitor clicking through the shop would: a fresh context per page would fetch and
// compile the app's code again each time.

test.describe.configure({ mode: 'parallel' });

/** Pages the shop does not have: their answer (and so the browser's load of it) is a 404. */
const MISSING = [UNKNOWN_PATH, UNKNOWN_PICTURE];

/** Open pages outside the storefront's main ones: rendered on the server all the same. */
const MORE_OPEN_PAGES = [
  paths.personalLicence,
  paths.commercialLicence,
  paths.wallet,
  paths.paymentResult,
  paths.verifyEmail,
];

/** One account per worker, signed up once; each signed-in visitor logs in for its own session. */
let account: Promise<TestUser> | undefined;
async function logIn(request: APIRequestContext) {
  account ??= (async () => {
    const user = newUser();
    await signUpThroughApi(request, user);
    return user;
  })();
  const { email, password } = await account;
  const response = await request.post(apiPaths.accountsLogin, { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
  return TokenResponseSchema.parse(await response.json());
}

/** What the page's own scripts cannot fake: captured before any of them runs. */
interface Observed {
  /** The main heading the server sent, taken when parsing ended (before the app's scripts run). */
  serverHeading: Element | null;
  violations: string[];
}

/**
 * A returning visitor's browser: language and currency cookies, the currency in localStorage (the
 * app mirrors it into the cookie), and listeners that record what the server sent and any CSP
 * violation.
 */
async function prepareVisitor(page: Page, baseURL: string, locale: Locale, currency: Currency) {
  await page.context().addCookies([
    { name: LOCALE_COOKIE.name, value: locale, url: baseURL, sameSite: 'Lax' },
    { name: CURRENCY_COOKIE.name, value: currency, url: baseURL, sameSite: 'Lax' },
  ]);
  await page.addInitScript(
    ({ key, value }) => {
      window.localStorage.setItem(key, value);
      const observed: Observed = { serverHeading: null, violations: [] };
      Object.assign(window, { __observed: observed });
      // "interactive" comes when the parser is done and before deferred and module scripts run.
      document.addEventListener('readystatechange', () => {
        if (document.readyState !== 'interactive') return;
        observed.serverHeading = document.querySelector('#root main h1');
      });
      document.addEventListener('securitypolicyviolation', (event) => {
        observed.violations.push(`${event.effectiveDirective} ${event.blockedURI}`);
      });
    },
    { key: STORAGE_KEYS.currency, value: currency },
  );
}

/**
 * After hydration: whether the server's heading is still the one shown, the page's language and
 * landmarks, and CSP violations.
 */
const inspect = (page: Page) =>
  page.evaluate(() => {
    const { serverHeading, violations } = (window as unknown as { __observed: Observed })
      .__observed;
    return {
      serverRendered: serverHeading !== null,
      adopted: serverHeading !== null && serverHeading === document.querySelector('#root main h1'),
      lang: document.documentElement.lang,
      landmarks: ['header', 'footer'].filter((tag) => document.querySelector(`#root ${tag}`)),
      violations,
    };
  });

for (const locale of LOCALES) {
  for (const currency of CURRENCIES) {
    for (const signedIn of [false, true]) {
      const visitor = `${locale}, ${currency}, signed ${signedIn ? 'in' : 'out'}`;
      test(`every public page hydrates cleanly: ${visitor}`, async ({ page, request, baseURL }) => {
        test.slow();
        const serverRenderedPages = [
          ...publicPages(await demoOffer(request)),
          ...MORE_OPEN_PAGES,
          ...MISSING,
        ];
        const browserDrawnPages: readonly string[] = signedIn ? signedInOnlyPaths : [];
        await prepareVisitor(page, baseURL!, locale, currency);
        if (signedIn) await startSignedIn(page, await logIn(request));

        const errors: string[] = [];
        const missingUrls = new Set(MISSING.map((path) => new URL(path, baseURL).href));
        page.on('console', (message) => {
          if (message.type() !== 'error') return;
          // The browser reports the 404 status of a missing page's own document: that is the
          // answer asked for, not a fault.
          const missingDocument =
            missingUrls.has(message.location().url) && /status of 404/.test(message.text());
          if (!missingDocument) errors.push(`${page.url()}: ${message.text()}`);
        });
        page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));

        const problems: string[] = [];
        for (const path of [...serverRenderedPages, ...browserDrawnPages]) {
          // Hydration is awaited (fixtures.ts): the pictures need not have loaded.
          const answer = await page.goto(path, { waitUntil: 'domcontentloaded' });
          const status = MISSING.includes(path) ? 404 : 200;
          if (answer?.status() !== status) problems.push(`${path}: status ${answer?.status()}`);
          // Signed in, the signed-out pages send the visitor home: the browser draws that itself.
          const turnedAway = signedIn && (signedOutOnlyPaths as readonly string[]).includes(path);
          if (turnedAway) await expect(page).toHaveURL(paths.home);
          else await expect(page).toHaveURL(path);
          if (signedIn) {
            await expect(page.locator(`header a[href="${paths.accountSettings}"]`)).toBeVisible();
          }
          await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
          const seen = await inspect(page);
          if (seen.lang !== locale) problems.push(`${path}: lang ${seen.lang}`);
          if (seen.landmarks.length !== 2) problems.push(`${path}: only ${seen.landmarks}`);
          if (browserDrawnPages.includes(path)) {
            problems.push(...seen.violations.map((violation) => `${path}: CSP ${violation}`));
            continue;
          }
          if (!seen.serverRendered) problems.push(`${path}: no server-rendered heading`);
          if (!turnedAway && !seen.adopted) problems.push(`${path}: drawn again, not hydrated`);
          problems.push(...seen.violations.map((violation) => `${path}: CSP ${violation}`));
        }

        expect(problems).toEqual([]);
        expect(errors).toEqual([]);
      });
    }
  }
}
