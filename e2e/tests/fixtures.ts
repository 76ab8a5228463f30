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
  EMAIL_VERIFICATION_LINK_PARAMS,
  LOCALE_COOKIE,
  paths,
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

/**
 * Registers through the API (which signs the user in) and returns the tokens. The address is then
 * verified as its owner would: the link is read from the mail the server sent, and opened through
 * the call its page makes. `verified: false` leaves it unverified.
 */
export async function signUpThroughApi(
  request: APIRequestContext,
  { email, password }: TestUser,
  { verified = true }: { verified?: boolean } = {},
): Promise<TokenResponse> {
  const response = await request.post(apiPaths.accountsRegister, {
    data: { email, password, repeatedPassword: password, agreedToPrivacyPolicy: true },
  });
  expect(response.status(), await response.text()).toBe(200);
  const tokens = TokenResponseSchema.parse(await response.json());
  if (verified) {
    // The account's own link: an address signed up before (and deleted) has an older one.
    const claims: unknown = JSON.parse(
      Buffer.from(tokens.accessToken.split('.')[1] ?? '', 'base64url').toString(),
    );
    const userId =
      typeof claims === 'object' && claims !== null && 'sub' in claims ? String(claims.sub) : '';
    const link = await verificationLinkTo(email, dataDirOf(response.url()), userId);
    const opened = await request.post(apiPaths.accountsVerifyEmail, {
      data: {
        user: link.searchParams.get(EMAIL_VERIFICATION_LINK_PARAMS.user),
        token: link.searchParams.get(EMAIL_VERIFICATION_LINK_PARAMS.token),
      },
    });
    expect(opened.status(), await opened.text()).toBe(200);
  }
  return tokens;
}

/** The data folder (and so the mail outbox) of the server that answered `url`. */
function dataDirOf(url: string): string {
  const shortToken = process.env.E2E_SHORT_TOKEN_URL;
  const fromShortToken = shortToken && new URL(url).origin === new URL(shortToken).origin;
  return (fromShortToken ? process.env.E2E_SHORT_TOKEN_DATA_DIR : process.env.E2E_DATA_DIR) ?? '';
}

/** A mail in the outbox, as `newestMailTo` hands it to its filter. */
interface OutboxMail {
  subject: string;
  text: string;
}

const isVerificationMail = ({ text }: OutboxMail) => text.includes(`${paths.verifyEmail}?`);

/**
 * The newest verification link mailed to `to` (at sign-up, on request, or for a new address), of
 * the account `userId` when given.
 */
export async function verificationLinkTo(
  to: string,
  dataDir: string,
  userId?: string,
): Promise<URL> {
  const text = await newestMailTo(
    to,
    dataDir,
    (mail) => isVerificationMail(mail) && (userId === undefined || mail.text.includes(userId)),
  );
  const href = new RegExp(`https?://\\S+${paths.verifyEmail}\\?\\S+`).exec(text)?.[0];
  if (!href) throw new Error(`no verification link in the mail to ${to}`);
  return new URL(href);
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
 * adapter) that `matching` accepts; by default any but the verification links (every sign-up sends
 * one first). One payment may send a gift card's mail and the order's paid mail with its receipt,
 * so a caller may pick by subject. Mails go out after the answer, so this waits for one to arrive.
 */
export async function newestMailTo(
  to: string,
  dataDir: string,
  matching: (mail: OutboxMail) => boolean = (mail) => !isVerificationMail(mail),
): Promise<string> {
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
          const raw = await readFile(join(outbox, file));
          // The address is plain ASCII in the headers: most mails are someone else's and are
          // not worth parsing (the outbox holds hundreds by the end of a run).
          if (!raw.includes(to)) continue;
          const mail = await simpleParser(raw);
          if (mail.to && !Array.isArray(mail.to) && mail.to.text === to) {
            if (!matching({ subject: mail.subject ?? '', text: mail.text ?? '' })) continue;
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
