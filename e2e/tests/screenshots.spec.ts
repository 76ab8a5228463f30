import { expect, test } from './fixtures';

// Pictures of the shop for people to look at; written to e2e/output/screenshots.
const shots = [
  { name: 'home', path: '/' },
  { name: 'gallery', path: '/gallery' },
  { name: 'not-found', path: '/no-such-page' },
];

for (const shot of shots) {
  for (const viewport of [
    { label: 'desktop', width: 1280, height: 800 },
    { label: 'mobile', width: 390, height: 844 },
  ]) {
    test(`screenshot of ${shot.name} (${viewport.label})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto(shot.path);
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
      await page.screenshot({
        path: `output/screenshots/${shot.name}-${viewport.label}.png`,
        fullPage: true,
      });
    });
  }
}
