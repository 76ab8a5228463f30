import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './money-helpers';

/** Fills the form on /create and presses Generate. */
export async function generate(
  page: Page,
  { prompt, style, count }: { prompt: string; style: string; count: number },
): Promise<void> {
  await page.getByLabel('Prompt', { exact: true }).fill(prompt);
  // The radios are visually hidden inside their chips: a user clicks the chip.
  for (const name of [style, String(count)]) {
    const radio = page.getByRole('radio', { name, exact: true });
    await page.locator('label').filter({ has: radio }).click();
    await expect(radio).toBeChecked();
  }
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
}

/**
 * No serious or critical accessibility violation on the page as it is, and full-page pictures of
 * it at desktop and phone widths in e2e/output/screenshots, for people to look at.
 */
export async function checkPage(page: Page, name: string): Promise<void> {
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(
    blocking.map((violation) => `${name}: ${violation.id} ${violation.nodes[0]?.target}`),
  ).toEqual([]);
  for (const viewport of [
    { label: 'desktop', width: 1280, height: 800 },
    { label: 'mobile', width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await page.screenshot({
      path: `output/screenshots/create-${name}-${viewport.label}.png`,
      fullPage: true,
    });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}
