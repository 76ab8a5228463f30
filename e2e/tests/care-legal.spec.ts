import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { LOCALES, type Locale } from '@pictura/contract';
import { expect, test, useLocale } from './fixtures';

// The legal pages in every language, the care pages' accessibility, and screenshots of
// /contact, the cookie banner and a legal page (written to e2e/output/screenshots).

const main = (page: Page) => page.getByRole('main');

const LEGAL: Record<Locale, { privacy: string; terms: string; section: string; contents: string }> =
  {
    en: {
      privacy: 'Privacy policy',
      terms: 'Terms and conditions',
      section: 'How long we keep your data',
      contents: 'On this page',
    },
    es: {
      privacy: 'Política de privacidad',
      terms: 'Términos y condiciones',
      section: 'Cuánto tiempo guardamos tus datos',
      contents: 'En esta página',
    },
    ja: {
      privacy: 'プライバシーポリシー',
      terms: '利用規約',
      section: '保存期間',
      contents: '目次',
    },
  };

async function blockingViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${page.url()}: ${violation.id}`);
}

for (const locale of LOCALES) {
  test(`the legal pages render in ${locale}`, async ({ page, baseURL, consoleErrors }) => {
    const texts = LEGAL[locale];
    await useLocale(page, locale, baseURL!);

    await page.goto('/privacy-policy');
    await expect(main(page).getByRole('heading', { level: 1 })).toHaveText(texts.privacy);
    await main(page)
      .getByRole('navigation', { name: texts.contents })
      .getByRole('link', { name: texts.section })
      .click();
    await expect(page).toHaveURL(/#retention$/);
    await expect(
      main(page).getByRole('heading', { level: 2, name: texts.section }),
    ).toBeInViewport();
    expect(await main(page).getByRole('heading', { level: 2 }).count()).toBeGreaterThan(10);

    await page.goto('/terms-and-conditions');
    await expect(main(page).getByRole('heading', { level: 1 })).toHaveText(texts.terms);
    expect(await main(page).getByRole('heading', { level: 2 }).count()).toBeGreaterThan(10);
    expect(consoleErrors).toEqual([]);
  });
}

test('the care pages and the banner have no serious accessibility violation', async ({ page }) => {
  const violations: string[] = [];
  for (const [path, ready] of [
    ['/contact', main(page).getByRole('button', { name: 'Send message' })],
    ['/privacy-policy', main(page).getByRole('heading', { name: 'How to reach us' })],
    ['/terms-and-conditions', main(page).getByRole('heading', { name: 'How to reach us' })],
  ] as const) {
    await page.goto(path);
    await expect(ready).toBeVisible();
    violations.push(...(await blockingViolations(page)));
  }
  // The contact form showing its errors, and the banner with its categories open.
  await page.goto('/contact');
  await main(page).getByRole('button', { name: 'Send message' }).click();
  await expect(main(page).getByText('This field is required.').first()).toBeVisible();
  await page
    .getByRole('region', { name: 'Cookies and storage in your browser' })
    .getByRole('button', { name: 'Choose' })
    .click();
  await expect(page.getByRole('checkbox', { name: 'Statistics' })).toBeVisible();
  violations.push(...(await blockingViolations(page)));
  expect(violations).toEqual([]);
});

test('on a phone the privacy policy stays within the screen; its wide table scrolls in its box', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/privacy-policy');
  const box = main(page).getByRole('region', { name: 'What the shop keeps in your browser' });
  await expect(box.getByRole('table')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // The box takes the focus, so the keyboard scrolls it.
  await box.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => box.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
  expect(await blockingViolations(page)).toEqual([]);
});

test('screenshots of /contact, the cookie banner and a legal page', async ({ page }) => {
  for (const viewport of [
    { label: 'desktop', width: 1280, height: 800 },
    { label: 'mobile', width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto('/contact');
    const banner = page.getByRole('region', { name: 'Cookies and storage in your browser' });
    await expect(main(page).getByLabel('Topic')).toBeVisible();
    await page.screenshot({
      path: `output/screenshots/care-banner-first-visit-${viewport.label}.png`,
    });
    await banner.getByRole('button', { name: 'Choose' }).click();
    await page.screenshot({ path: `output/screenshots/care-banner-${viewport.label}.png` });
    await banner.getByRole('button', { name: 'Reject all' }).click();
    await expect(main(page).getByLabel('Topic')).toBeVisible();
    await page.screenshot({
      path: `output/screenshots/care-contact-${viewport.label}.png`,
      fullPage: true,
    });
    await page.goto('/terms-and-conditions');
    await expect(main(page).getByRole('heading', { level: 2 }).first()).toBeVisible();
    await page.screenshot({ path: `output/screenshots/care-terms-${viewport.label}.png` });
    // A fresh visitor for the next size: the banner shows again.
    await page.evaluate(() => window.localStorage.clear());
  }
});
