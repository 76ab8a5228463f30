import { expect, test } from './fixtures';

// docs/product/screens.md#error-pages: exact texts of the 404 and error pages (English).

test('an unknown path shows "Page Not Found: {path}"', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found: /no/such/page');
});

test('the error page shows "Internal Server Error" by default', async ({ page }) => {
  await page.goto('/error');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Internal Server Error');
});

test('the error page shows "Page Not Found" for status 404', async ({ page }) => {
  await page.goto('/error?status=404');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
});

test('the error page shows "Internal Server Error" for any other status', async ({ page }) => {
  await page.goto('/error?status=503');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Internal Server Error');
});

test('an unknown API path answers a JSON 404, not the app', async ({ request }) => {
  const response = await request.get('/api/no-such-endpoint');
  expect(response.status()).toBe(404);
  expect(await response.json()).toHaveProperty('errors');
});

test('HTML responses carry the strict content security policy', async ({ request }) => {
  const response = await request.get('/gallery', { headers: { accept: 'text/html' } });
  expect(response.status()).toBe(200);
  const csp = response.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("base-uri 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("script-src 'self'");
  expect(response.headers()['x-content-type-options']).toBe('nosniff');
});
