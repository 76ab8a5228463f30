import type { Page } from '@playwright/test';
import { expect as baseExpect, test } from './fixtures';
import { cards, newestOffer } from './gallery-catalog';

// Catalog pages wait for API answers and pictures: on a busy two-core machine (another run's
// server, axe) that can take longer than the default five seconds.
const expect = baseExpect.configure({ timeout: 15_000 });

// Pictures of the catalog pages for people to look at; written to e2e/output/screenshots.

const viewports = [
  { label: 'desktop', width: 1280, height: 800 },
  { label: 'mobile', width: 390, height: 844 },
];

/**
 * Scrolls through the page so every lazy picture loads, waits for them, and returns to the top:
 * a full-page screenshot then shows the pictures, not their placeholders.
 */
async function loadAllImages(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  await page.waitForFunction(() =>
    [...document.querySelectorAll('main img')].every((img) => (img as HTMLImageElement).complete),
  );
  await page.evaluate(() => window.scrollTo(0, 0));
}

for (const viewport of viewports) {
  test(`screenshot of the gallery and a picture (${viewport.label})`, async ({ page, request }) => {
    const offer = await newestOffer(request);
    await page.setViewportSize(viewport);

    await page.goto('/');
    await expect(cards(page).first()).toBeVisible();
    await loadAllImages(page);
    await page.screenshot({ path: `output/screenshots/catalog-home-${viewport.label}.png` });

    await page.goto('/gallery');
    await expect(cards(page).first()).toBeVisible();
    await loadAllImages(page);
    await page.screenshot({
      path: `output/screenshots/catalog-gallery-${viewport.label}.png`,
      fullPage: true,
    });

    await page.goto(`/gallery/picture/${offer.urlName}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(offer.title);
    await loadAllImages(page);
    await page.screenshot({
      path: `output/screenshots/catalog-picture-${viewport.label}.png`,
      fullPage: true,
    });
  });
}
