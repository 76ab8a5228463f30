import { readFile } from 'node:fs/promises';
import { generate } from './create-helpers';
import { test } from './fixtures';
import { depositThroughWallet, expect } from './money-helpers';

// Paid generation end to end: deposit, generate, watch the progress bar reach 100 %, see the picture on
// /artworks and download it. The e2e server paints with the procedural generator in-process.

const PROMPT = 'A red lighthouse on a cliff at dusk';

test('deposit, generate a picture, watch it finish, find it on /artworks and download it', async ({
  page,
  signedIn,
}) => {
  expect(signedIn.email).toContain('@');
  await depositThroughWallet(page, '20');

  await page.goto('/create');
  const form = page.getByRole('form', { name: 'Describe your picture' });
  await expect(form.getByText('€20.00')).toBeVisible();
  await expect(form.getByText('€1.99')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Demo generator' })).toBeVisible();
  await generate(page, { prompt: PROMPT, style: 'Nature', count: 1 });

  const job = page.getByRole('article', { name: PROMPT });
  await expect(job).toBeVisible();
  const bar = job.getByRole('progressbar');
  await expect(bar).toHaveAttribute('aria-valuenow', '100', { timeout: 60_000 });
  await expect(job.getByRole('status')).toHaveText('Done');
  const picture = job.getByRole('img', { name: `Picture 1 of 1: ${PROMPT}` });
  await expect(picture).toHaveAttribute('src', /^blob:/);
  await expect(form.getByText('€18.01')).toBeVisible();

  await page.getByRole('link', { name: 'All your generated images' }).click();
  await expect(page).toHaveURL(/\/artworks\?tab=generated$/);
  await expect(page.getByRole('tab', { name: 'My generated images' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByRole('img', { name: `Picture 1 of 1: ${PROMPT}` })).toHaveAttribute(
    'src',
    /^blob:/,
  );
  const downloading = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Download picture 1' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.(jpe?g|png|webp)$/);
  const bytes = await readFile(await download.path());
  expect(bytes.length).toBeGreaterThan(10_000);
  // JPEG, PNG or WebP by its first bytes: a real picture, not an error page.
  expect(bytes.subarray(0, 4).toString('hex')).toMatch(/^(ffd8ff|89504e47|52494646)/);
});
