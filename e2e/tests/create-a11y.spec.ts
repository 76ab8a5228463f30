import { checkPage, generate } from './create-helpers';
import { test } from './fixtures';
import { depositThroughWallet, expect } from './money-helpers';

// /create for a visitor and for a user (without balance, then with finished pictures),
// and the generated-images tab of /artworks, pass axe; their screenshots go to e2e/output.

test('/create for a visitor: the price list and a way to sign in', async ({ page }) => {
  await page.goto('/create');
  await expect(page.getByRole('table')).toContainText('€1.99');
  await expect(page.getByRole('link', { name: 'Log in to generate' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Generate' })).toHaveCount(0);
  // The sample pictures are part of what the page looks like.
  await page.waitForFunction(() =>
    [...document.querySelectorAll('main img')].every((img) => (img as HTMLImageElement).complete),
  );
  await checkPage(page, 'signed-out');
});

test('/create for a user, before and after a generation, and the tab on /artworks', async ({
  page,
  signedIn,
}) => {
  test.slow();
  expect(signedIn.email).toContain('@');
  await page.goto('/create');
  await expect(page.getByText('Your balance is too low for this generation.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Generate' })).toBeDisabled();
  await expect(page.getByText('Nothing generated yet.')).toBeVisible();
  await checkPage(page, 'no-balance');

  await depositThroughWallet(page, '20');
  await page.goto('/create');
  await generate(page, { prompt: 'Neon rain over a quiet street', style: 'Cyberpunk', count: 2 });
  const job = page.getByRole('article', { name: 'Neon rain over a quiet street' });
  await expect(job.getByRole('status')).toHaveText('Done', { timeout: 60_000 });
  await expect(job.locator('img[src^="blob:"]')).toHaveCount(2);
  await checkPage(page, 'done');

  await page.goto('/artworks?tab=generated');
  await expect(page.getByRole('tabpanel').locator('img[src^="blob:"]')).toHaveCount(2);
  await checkPage(page, 'artworks-generated');
});
