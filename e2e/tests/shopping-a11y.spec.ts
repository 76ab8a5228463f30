import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { LOCALES, STORAGE_KEYS, type Locale } from '@pictura/contract';
import { test, useLocale } from './fixtures';
import { offerApi } from './gallery-catalog';
import { CARDS, expect, fillBilling, payOnSandbox, pictures } from './money-helpers';

// The currency question, the wallet with the header's balance
// and a declined payment's reason, in en, es and ja, at 390 px and at desktop width, with no
// serious or critical axe violation. Screenshots go to e2e/output/screenshots.

const WIDTHS = [
  { label: 'mobile', width: 390, height: 844 },
  { label: 'desktop', width: 1280, height: 800 },
] as const;

const TEXTS: Record<Locale, { cartEmptied: string; declined: string; balance: RegExp }> = {
  en: {
    cartEmptied: 'Your cart will be emptied: 2 items',
    declined: 'Your card was declined.',
    balance: /^Balance: €0\.00, go to your wallet$/,
  },
  es: {
    cartEmptied: 'Se vaciará tu carrito: 2 artículos',
    declined: 'Tu tarjeta ha sido rechazada.',
    balance: /^Saldo: 0,00\s€, ir a tu monedero$/,
  },
  ja: {
    cartEmptied: 'カートが空になります: 2 点',
    declined: 'カードが拒否されました。',
    balance: /^残高: €0\.00、ウォレットを開く$/,
  },
};

async function expectNoBlockingViolations(page: Page, name: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(
    blocking.map((violation) => `${name}: ${violation.id} ${violation.nodes[0]?.target}`),
  ).toEqual([]);
  await page.screenshot({ path: `output/screenshots/shopping-${name}.png`, fullPage: true });
}

/** The header's currency select; on a phone it sits in the folded menu, opened first. */
async function currencySelect(page: Page) {
  const menuButton = page.locator('header button[aria-controls]');
  if (await menuButton.isVisible()) await menuButton.click();
  return page.locator('header select').filter({ has: page.locator('option[value="USD"]') });
}

for (const locale of LOCALES) {
  test(`${locale}: a declined deposit, the wallet and the currency question at both widths`, async ({
    page,
    signedIn,
    baseURL,
  }) => {
    test.slow();
    expect(signedIn.email).toContain('@');
    // A declined deposit (typed in English), then its result page in the language under test.
    await page.goto('/wallet');
    await page.getByLabel('Amount (€)').fill('20');
    await fillBilling(page);
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await payOnSandbox(page, CARDS.decline);
    await page.getByRole('button', { name: 'Cancel payment' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment failed');
    const resultUrl = page.url();

    const offers = await Promise.all(
      (await pictures(page, 2)).map((offer) => offerApi(page.request, offer.urlName, 'EUR')),
    );
    const cart = JSON.stringify(
      offers.map((offer) => ({ attributes: { id: offer.attributes[0]!.id } })),
    );

    await useLocale(page, locale, baseURL ?? '');
    for (const viewport of WIDTHS) {
      await page.setViewportSize(viewport);
      const name = `${locale}-${viewport.label}`;

      await page.goto(resultUrl);
      await expect(page.getByRole('main')).toContainText(TEXTS[locale].declined);
      await expectNoBlockingViolations(page, `deposit-declined-${name}`);

      await page.goto('/wallet');
      await expect(page.getByRole('main').locator('h2').first()).toBeVisible();
      if (viewport.label === 'desktop') {
        await expect(page.getByRole('link', { name: TEXTS[locale].balance })).toBeVisible();
      }
      await expectNoBlockingViolations(page, `wallet-${name}`);

      await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
        key: STORAGE_KEYS.cart,
        value: cart,
      });
      await page.reload();
      await (await currencySelect(page)).selectOption('USD');
      const dialog = page.getByRole('dialog');
      await expect(dialog).toContainText(TEXTS[locale].cartEmptied);
      await expectNoBlockingViolations(page, `currency-dialog-${name}`);
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
    }
  });
}
