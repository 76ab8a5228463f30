import type { Page } from '@playwright/test';
import { expect, test, useLocale } from './fixtures';

// The cookie notice on a first visit to a 390x844 phone: a compact bar at the bottom that takes
// at most a quarter of the screen in every language, is never the page's largest contentful
// element, and never covers the end of the page.

const TITLE = {
  en: 'Cookies and storage in your browser',
  es: 'Cookies y almacenamiento en tu navegador',
  ja: 'ブラウザーに保存する情報（Cookie など）について',
} as const;

const PHONE = { width: 390, height: 844 };

/** The element the browser reported last as the largest contentful paint. */
const largestContentfulElementIn = (page: Page, selector: string) =>
  page.evaluate(
    (within) =>
      new Promise<{ tag: string; inside: boolean }>((resolve) => {
        new PerformanceObserver((list) => {
          const last = list.getEntries().at(-1) as
            (PerformanceEntry & { element: Element | null }) | undefined;
          const element = last?.element ?? null;
          resolve({
            tag: element?.tagName ?? 'none',
            inside: element !== null && document.querySelector(within)?.contains(element) === true,
          });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
    selector,
  );

for (const locale of ['en', 'es', 'ja'] as const) {
  test(`the cookie bar takes at most a quarter of a phone and is never its largest paint (${locale})`, async ({
    page,
    request,
    baseURL,
  }) => {
    await useLocale(page, locale, baseURL ?? '');
    await page.setViewportSize(PHONE);
    const latest = await request.get('/api/offers/latest?Currency=EUR');
    const [offer] = (await latest.json()) as { urlName: string }[];
    for (const path of ['/', '/gallery', `/gallery/picture/${offer?.urlName}`]) {
      await page.goto(path);
      const bar = page.getByRole('region', { name: TITLE[locale] });
      await expect(bar).toBeVisible();
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
      // A picture page's largest paint is its picture: wait until it has been drawn.
      await page.waitForLoadState('load');
      const box = await bar.boundingBox();
      expect(box, path).not.toBeNull();
      expect(box!.y + box!.height, path).toBeCloseTo(PHONE.height, 0);
      expect(box!.height, `${path}: bar height`).toBeLessThanOrEqual(PHONE.height / 4);
      await bar.evaluate((element) => element.setAttribute('data-consent-bar', ''));
      const largest = await largestContentfulElementIn(page, '[data-consent-bar]');
      expect(largest.inside, `${path}: largest paint is ${largest.tag}`).toBe(false);
    }
  });
}

test('the end of the page stays reachable above the bar, and Choose opens the categories', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto('/');
  const bar = page.getByRole('region', { name: TITLE.en });
  await expect(bar).toBeVisible();
  await page.keyboard.press('End');
  const settings = page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' });
  await settings.scrollIntoViewIfNeeded();
  const [barBox, settingsBox] = await Promise.all([bar.boundingBox(), settings.boundingBox()]);
  expect(settingsBox!.y + settingsBox!.height).toBeLessThanOrEqual(barBox!.y + 1);

  await bar.getByRole('button', { name: 'Choose' }).click();
  await expect(bar.getByRole('checkbox', { name: 'Preferences' })).toBeFocused();
  await expect(bar.getByRole('link', { name: 'privacy policy' })).toBeVisible();
  await bar.getByRole('button', { name: 'Reject all' }).click();
  await expect(bar).toBeHidden();
});
