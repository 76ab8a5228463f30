import AxeBuilder from '@axe-core/playwright';
import { test, useLocale } from './fixtures';
import { expect } from './money-helpers';

// The e2e server runs the sandbox in production with ALLOW_SANDBOX_PAYMENTS=true, as `npm start`
// does: every page says it is a test shop, in the reader's language.

const texts = {
  en: 'Test shop Payments are simulated with test cards; no money is taken and nothing is delivered.',
  es: 'Tienda de prueba Los pagos se simulan con tarjetas de prueba; no se cobra dinero ni se entrega nada.',
  ja: 'テストショップ 支払いはテストカードによる模擬です。代金は請求されず、商品も提供されません。',
} as const;
const labels = { en: 'Test shop', es: 'Tienda de prueba', ja: 'テストショップ' } as const;

test('every page of a test shop shows the ribbon above the header, in en, es and ja', async ({
  page,
  baseURL,
}) => {
  for (const path of ['/', '/gallery', '/login', '/no-such-page']) {
    await page.goto(path);
    const ribbon = page.getByRole('complementary', { name: 'Test shop' });
    await expect(ribbon).toBeVisible();
    await expect(ribbon).toHaveText(texts.en, { useInnerText: true, ignoreCase: true });
    const [ribbonBox, headerBox] = await Promise.all([
      ribbon.boundingBox(),
      page.getByRole('banner').boundingBox(),
    ]);
    expect(ribbonBox!.y + ribbonBox!.height).toBeLessThanOrEqual(headerBox!.y + 1);
  }
  const axe = await new AxeBuilder({ page }).include('aside').analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);
  await page.screenshot({ path: 'output/screenshots/test-shop-ribbon-en.png' });

  for (const locale of ['es', 'ja'] as const) {
    await useLocale(page, locale, baseURL!);
    await page.goto('/gallery');
    await expect(page.getByRole('complementary', { name: labels[locale] })).toHaveText(
      texts[locale],
      { useInnerText: true, ignoreCase: true },
    );
    await page.screenshot({ path: `output/screenshots/test-shop-ribbon-${locale}.png` });
  }
});

test('on a phone the ribbon says it in one line, in en, es and ja', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const briefs = {
    en: 'Test shop No real payments.',
    es: 'Tienda de prueba Sin pagos reales.',
    ja: 'テストショップ 実際の支払いはありません。',
  } as const;
  for (const locale of ['en', 'es', 'ja'] as const) {
    if (locale !== 'en') await useLocale(page, locale, baseURL!);
    await page.goto('/');
    const ribbon = page.getByRole('complementary', { name: labels[locale] });
    await expect(ribbon).toHaveText(briefs[locale], { useInnerText: true, ignoreCase: true });
    const lineHeight = await ribbon
      .locator('p')
      .evaluate((element) => parseFloat(getComputedStyle(element).lineHeight));
    const box = await ribbon.locator('p').boundingBox();
    expect(box!.height).toBeLessThan(lineHeight * 1.5);
  }
});
