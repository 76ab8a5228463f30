import type { Page } from '@playwright/test';
import {
  apiPaths,
  LOCALE_COOKIE,
  LOCALES,
  paths,
  STORAGE_KEYS,
  type Locale,
} from '@pictura/contract';
import { expect, newUser, signUpThroughApi, test, useLocale } from './fixtures';
import { openAtOnce, PHONE_VIEWPORT, slowDown, stored, text } from './slow-phone';

// What a shopper does on a server-drawn page before the app's code has taken it over is kept, or
// its control says it is not ready yet
// (docs/decisions/rendering/before-the-app-takes-over-choices-kept-actions-that-need-it.md). Each
// page is opened on a phone's width with the processor 4× slower, and the shopper acts as soon as a
// control is visible, several times over: the window before the app runs is a race.

test.use({ viewport: PHONE_VIEWPORT });
test.describe.configure({ mode: 'parallel' });

const TRIES = 3;

/** Counts the page's POST requests to an API path (a form must go through once, not twice). */
function countPosts(page: Page, path: string): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === path) count += 1;
  });
  return () => count;
}

const forget = (page: Page) =>
  page
    .evaluate(() => {
      window.localStorage.clear();
      window.sessionStorage.clear();
    })
    .catch(() => undefined);

/** Whether the page holds a session (log-in and sign-up both sign the visitor in). */
const session = (page: Page) =>
  page.evaluate((key) => window.sessionStorage.getItem(key) !== null, STORAGE_KEYS.jwtToken);

/** Opens the header's menu, folded on a phone: its button is enabled once the app has taken over. */
async function openMenu(page: Page, locale: Locale) {
  await page.getByRole('button', { name: text(locale, 'nav.menu') }).click();
}

for (const locale of LOCALES) {
  test.describe(`${locale}, before the app has taken the page over`, () => {
    test.beforeEach(async ({ page, baseURL }) => {
      test.slow();
      await useLocale(page, locale, baseURL ?? '');
      await slowDown(page);
    });

    test('the gift card holds the amount chosen', async ({ page }) => {
      for (let tries = 0; tries < TRIES; tries += 1) {
        await forget(page);
        await openAtOnce(page, paths.giftCard);
        // The first preset: 10.00 in the page's currency (the default choice is 25.00).
        const ten = page.getByRole('radio').first();
        await ten.check();
        await page.getByRole('button', { name: text(locale, 'giftCard.add') }).click();
        await expect
          .poll(() => stored(page, STORAGE_KEYS.giftCard))
          .toMatchObject({ amount: 1_000, currency: 'EUR' });
        await expect(page.getByRole('status').filter({ hasText: '10' })).toBeVisible();
        await expect(ten).toBeChecked();
      }
    });

    test('the cart holds the picture format chosen', async ({ page, request }) => {
      const offers = (await (
        await request.get(`${apiPaths.offers}?From=0&To=100000000&Currency=EUR&PageSize=1`)
      ).json()) as { items: { urlName: string }[] };
      const urlName = offers.items[0]?.urlName ?? '';
      for (let tries = 0; tries < TRIES; tries += 1) {
        await forget(page);
        await openAtOnce(page, paths.picture(urlName));
        const formats = page.getByRole('group', { name: text(locale, 'picture.chooseVariant') });
        // The last format, not the one the page preselects.
        const chosen = formats.getByRole('radio').last();
        await chosen.check();
        const id = Number(await chosen.getAttribute('value'));
        await page.getByRole('button', { name: text(locale, 'cart.add') }).click();
        await expect
          .poll(() => stored(page, STORAGE_KEYS.cart))
          .toEqual([expect.objectContaining({ attributes: expect.objectContaining({ id }) })]);
        await expect(chosen).toBeChecked();
      }
    });

    test('the gallery sorts as chosen', async ({ page }) => {
      for (let tries = 0; tries < 2; tries += 1) {
        await openAtOnce(page, paths.gallery);
        await page.getByRole('button', { name: text(locale, 'gallery.filters.toggle') }).click();
        await page
          .getByLabel(text(locale, 'gallery.filters.sort'))
          .selectOption(tries === 0 ? 'LowToHigh' : 'HighToLow');
        await expect(page).toHaveURL(tries === 0 ? /sort=LowToHigh/ : /sort=HighToLow/);
      }
    });

    test('the language and the currency are those chosen', async ({ page, context }) => {
      const other = locale === 'ja' ? 'es' : 'ja';
      for (const [language, currency] of [
        [other, 'USD'],
        [locale, 'EUR'],
      ] as const) {
        const shown = language === locale ? other : locale;
        await openAtOnce(page, paths.giftCard);
        await openMenu(page, shown);
        const header = page.getByRole('banner');
        await header.getByLabel(text(shown, 'language.label')).selectOption(language);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await header.getByLabel(text(language, 'currency.label')).selectOption(currency);
        await expect
          .poll(() => page.evaluate((key) => window.localStorage.getItem(key), 'currency'))
          .toBe(currency);
        const cookies = await context.cookies();
        expect(cookies.find(({ name }) => name === LOCALE_COOKIE.name)?.value).toBe(language);
        expect(cookies.find(({ name }) => name === 'currency')?.value).toBe(currency);
      }
    });

    test('log-in and sign-up go through once, with what was typed', async ({ page, request }) => {
      const logins = countPosts(page, apiPaths.accountsLogin);
      const registers = countPosts(page, apiPaths.accountsRegister);
      for (let tries = 0; tries < 2; tries += 1) {
        const existing = newUser();
        await signUpThroughApi(request, existing, { verified: false });
        await forget(page);
        await openAtOnce(page, paths.login);
        await page.getByLabel(text(locale, 'auth.email')).fill(existing.email);
        await page.getByLabel(text(locale, 'auth.password')).fill(existing.password);
        await page
          .getByRole('button', { name: text(locale, 'auth.login.submit'), exact: true })
          .click();
        await expect.poll(() => session(page), { timeout: 20_000 }).toBe(true);
        expect(logins()).toBe(tries + 1);

        const fresh = newUser();
        await forget(page);
        await openAtOnce(page, paths.signUp);
        await page.getByLabel(text(locale, 'auth.email')).fill(fresh.email);
        await page.getByLabel(text(locale, 'auth.password'), { exact: true }).fill(fresh.password);
        await page.getByLabel(text(locale, 'auth.repeatedPassword')).fill(fresh.password);
        await page.getByRole('checkbox').check();
        await page
          .getByRole('button', { name: text(locale, 'auth.signUp.submit'), exact: true })
          .click();
        await expect.poll(() => session(page), { timeout: 20_000 }).toBe(true);
        expect(registers()).toBe(tries + 1);
        const signedUp = await request.post(apiPaths.accountsLogin, {
          data: { email: fresh.email, password: fresh.password },
        });
        expect(signedUp.status()).toBe(200);
      }
    });

    test('the contact form sends what was typed, once', async ({ page }) => {
      const sent = countPosts(page, apiPaths.supportCreateTicket);
      for (let tries = 0; tries < 2; tries += 1) {
        const message = `The picture I bought looks different on paper (${locale}, ${tries}).`;
        await openAtOnce(page, paths.contact);
        await page.getByLabel(text(locale, 'support.form.topic')).selectOption({ index: 1 });
        await page.getByLabel(text(locale, 'support.form.name')).fill('Ada Lovelace');
        await page.getByLabel(text(locale, 'support.form.email')).fill(newUser().email);
        await page.getByLabel(text(locale, 'support.form.description')).fill(message);
        const [ticket] = await Promise.all([
          page.waitForRequest(
            (request) => new URL(request.url()).pathname === apiPaths.supportCreateTicket,
          ),
          page
            .getByRole('button', { name: text(locale, 'support.form.submit'), exact: true })
            .click(),
        ]);
        expect(ticket.postDataJSON()).toMatchObject({ name: 'Ada Lovelace', description: message });
        await expect(
          page.getByRole('heading', { name: text(locale, 'support.sent.title') }),
        ).toBeVisible();
        expect(sent()).toBe(tries + 1);
      }
    });

    test("the cookie bar's buttons keep the choice made", async ({ page }) => {
      for (let tries = 0; tries < 2; tries += 1) {
        await forget(page);
        await openAtOnce(page, paths.home);
        await page.getByRole('button', { name: text(locale, 'consent.rejectAll') }).click();
        await expect
          .poll(() => stored(page, 'cookie-consent'))
          .toMatchObject({ granted: ['necessary'], rejected: ['preferences', 'analytics'] });
        await openAtOnce(page, paths.home);
        await page.getByRole('button', { name: text(locale, 'consent.settingsLink') }).click();
        await page.getByRole('button', { name: text(locale, 'consent.acceptAll') }).click();
        await expect
          .poll(() => stored(page, 'cookie-consent'))
          .toMatchObject({ granted: ['necessary', 'preferences', 'analytics'], rejected: [] });
      }
    });
  });
}
