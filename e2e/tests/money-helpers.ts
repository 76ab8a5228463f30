import type { Browser, Page } from '@playwright/test';
import {
  expect as baseExpect,
  newUser,
  signUpThroughApi,
  startSignedIn,
  type SignedInUser,
} from './fixtures';
import { searchApi } from './gallery-catalog';

// The money journeys wait for the sandbox payment page, its webhook and the result page: on a
// busy two-core machine that can take longer than the default five seconds.
export const expect = baseExpect.configure({ timeout: 15_000 });

/** The sandbox's test cards (its page lists the same numbers). */
export const CARDS = {
  approve: '4242 4242 4242 4242',
  decline: '4000 0000 0000 0002',
  challenge: '4000 0000 0000 3220',
} as const;

/** The demo catalog's first offers, as the API sees them (the standard variant is preselected). */
export async function pictures(page: Page, count: number) {
  const { items } = await searchApi(page.request, { PageSize: count });
  if (items.length < count) throw new Error('the demo catalog is too small');
  return items;
}

/** Opens a picture and adds its preselected variant to the cart through the page. */
export async function addPictureToCart(page: Page, urlName: string): Promise<void> {
  await page.goto(`/gallery/picture/${urlName}`);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('Added to your cart.')).toBeVisible();
}

/**
 * Fills the billing fields a new account does not have yet (the profile prefills them once saved)
 * and gives the agreement.
 */
export async function fillBilling(page: Page): Promise<void> {
  const form = page.locator('form').filter({ has: page.getByLabel('First name', { exact: true }) });
  await expect(form.getByLabel('First name', { exact: true })).toBeVisible();
  await form.getByLabel('First name', { exact: true }).fill('Ada');
  await form.getByLabel('Last name', { exact: true }).fill('Lovelace');
  await form.getByLabel('Country', { exact: true }).selectOption('GB');
  await form.getByLabel('Address', { exact: true }).fill('12 St James Square');
  await form.getByLabel('City', { exact: true }).fill('London');
  await form.getByLabel('Postal code', { exact: true }).fill('SW1Y 4JH');
  await form
    .getByRole('checkbox', { name: 'I agree to the privacy policy and the terms and conditions.' })
    .check();
}

/** On the sandbox's hosted page: types a test card and pays. */
export async function payOnSandbox(page: Page, card: string): Promise<void> {
  await expect(page).toHaveURL(/\/api\/payments\/sandbox/);
  await page.getByLabel('Card number').fill(card);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
}

/** Deposits an amount (in major units) through the wallet and the sandbox, with the card that approves. */
export async function depositThroughWallet(page: Page, amount: string): Promise<void> {
  await page.goto('/wallet');
  await page.getByLabel('Amount (€)').fill(amount);
  await fillBilling(page);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await payOnSandbox(page, CARDS.approve);
  await expect(page).toHaveURL(/\/payment-result\?payment=/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment successful');
}

/** The balance card of a currency on the wallet page ("€50.00"). */
export const balanceCard = (page: Page, currency: 'EUR' | 'USD') =>
  page
    .getByRole('region', { name: 'Your balances' })
    .getByRole('listitem')
    .filter({ hasText: `Balance in ${currency}` });

/** A second shopper in a browser of their own, signed up through the API. */
export async function secondShopper(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const user = newUser();
  const tokens = await signUpThroughApi(page.request, user);
  await startSignedIn(page, tokens);
  const shopper: SignedInUser = { ...user, tokens };
  return { context, page, shopper };
}
