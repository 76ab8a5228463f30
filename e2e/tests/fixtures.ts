import { test as base, expect, type ConsoleMessage, type Page } from '@playwright/test';
import { LOCALE_COOKIE, type Locale } from '@pictura/contract';

type Fixtures = {
  /** Console errors and uncaught page errors seen during the test; asserted empty by default. */
  consoleErrors: string[];
};

export const test = base.extend<Fixtures>({
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message: ConsoleMessage) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await use(errors);
  },
});

export { expect };

/** Chooses the language the way a returning visitor's browser would: through the locale cookie. */
export async function useLocale(page: Page, locale: Locale, baseURL: string): Promise<void> {
  await page
    .context()
    .addCookies([{ name: LOCALE_COOKIE.name, value: locale, url: baseURL, sameSite: 'Lax' }]);
}

/** Signed in means an access token is present (seed-spec section 6). */
export async function signInWithToken(page: Page, token = 'e2e-access-token'): Promise<void> {
  await page.addInitScript((value) => {
    window.sessionStorage.setItem('jwtToken', value);
  }, token);
}
