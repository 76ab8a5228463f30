import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  test as base,
  expect,
  type APIRequestContext,
  type ConsoleMessage,
  type Page,
} from '@playwright/test';
import { simpleParser } from 'mailparser';
import {
  apiPaths,
  LOCALE_COOKIE,
  STORAGE_KEYS,
  TokenResponseSchema,
  type Locale,
  type TokenResponse,
} from '@pictura/contract';

export interface TestUser {
  email: string;
  password: string;
}

export interface SignedInUser extends TestUser {
  tokens: TokenResponse;
}

type Fixtures = {
  /** Console errors and uncaught page errors seen during the test; asserted empty by default. */
  consoleErrors: string[];
  /** A fresh user, signed up through the API, whose real tokens the page starts with. */
  signedIn: SignedInUser;
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
  signedIn: async ({ page, request }, use) => {
    const user = newUser();
    const tokens = await signUpThroughApi(request, user);
    await startSignedIn(page, tokens);
    await use({ ...user, tokens });
  },
});

export { expect };

/** Chooses the language the way a returning visitor's browser would: through the locale cookie. */
export async function useLocale(page: Page, locale: Locale, baseURL: string): Promise<void> {
  await page
    .context()
    .addCookies([{ name: LOCALE_COOKIE.name, value: locale, url: baseURL, sameSite: 'Lax' }]);
}

/** A unique email (tests run in parallel against one database) and a password the server accepts. */
export function newUser(): TestUser {
  const id = randomBytes(6).toString('hex');
  return { email: `e2e-${id}@example.com`, password: `violet tram umbrella ${id}` };
}

/** Registers through the API (which signs the user in) and returns the tokens. */
export async function signUpThroughApi(
  request: APIRequestContext,
  { email, password }: TestUser,
): Promise<TokenResponse> {
  const response = await request.post(apiPaths.accountsRegister, {
    data: { email, password, repeatedPassword: password, agreedToPrivacyPolicy: true },
  });
  expect(response.status(), await response.text()).toBe(200);
  return TokenResponseSchema.parse(await response.json());
}

/**
 * Puts the tokens into sessionStorage before the app's first page loads, as a login would. Only
 * once per tab: the app rotates the refresh token, and putting back a used one would look like
 * token theft to the server, which then ends the session.
 */
export async function startSignedIn(page: Page, tokens: TokenResponse): Promise<void> {
  await page.addInitScript(
    ({ keys, accessToken, refreshToken }) => {
      if (!window.location.protocol.startsWith('http')) return;
      if (window.sessionStorage.getItem('e2e-session-seeded')) return;
      window.sessionStorage.setItem('e2e-session-seeded', '1');
      window.sessionStorage.setItem(keys.jwtToken, accessToken);
      window.sessionStorage.setItem(keys.refreshToken, refreshToken);
    },
    { keys: STORAGE_KEYS, ...tokens },
  );
}

/**
 * The text of the newest mail to `to` in a server's outbox (`DATA_DIR/outbox`, the embedded mail
 * adapter), of those whose subject matches `subject` when given (one payment may send a gift card's
 * mail and the order's paid mail with its receipt). Mails go out after the answer, so this waits for
 * one to arrive.
 */
export async function newestMailTo(to: string, dataDir: string, subject?: RegExp): Promise<string> {
  const outbox = join(dataDir, 'outbox');
  let text: string | undefined;
  await expect
    .poll(
      async () => {
        const files = await readdir(outbox).catch(() => [] as string[]);
        // File names start with the time they were written: the newest sorts last.
        for (const file of files
          .filter((name) => name.endsWith('.eml'))
          .sort()
          .reverse()) {
          const mail = await simpleParser(await readFile(join(outbox, file)));
          const wanted = subject === undefined || subject.test(mail.subject ?? '');
          if (mail.to && !Array.isArray(mail.to) && mail.to.text === to && wanted) {
            text = mail.text ?? '';
            return true;
          }
        }
        return false;
      },
      { message: `a mail to ${to}`, timeout: 10_000 },
    )
    .toBe(true);
  return text ?? '';
}
