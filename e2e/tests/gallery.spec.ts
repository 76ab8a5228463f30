import { STORAGE_KEYS } from '@pictura/contract';
import type { Page } from '@playwright/test';
import { expect as baseExpect, test } from './fixtures';
import { cards, categoriesApi, minorUnitsIn, offerApi, searchApi } from './gallery-catalog';
import { waitForHydration } from './hydration';

// Catalog pages wait for API answers and pictures: on a busy two-core machine (another run's
// server, axe) that can take longer than the default five seconds.
const expect = baseExpect.configure({ timeout: 15_000 });

// The gallery journeys on the demo catalog: browse, filter, load more, open a picture and add it to
// the cart, and the 404 pages of unknown pictures and categories.

const cartLink = (page: Page) =>
  page.getByRole('banner').getByRole('link', { name: /^Cart, \d+ items?$/ });

test('browse: the home page shows the latest pictures, the gallery its categories', async ({
  page,
  request,
  consoleErrors,
}) => {
  await page.goto('/');
  const latest = page.getByRole('region', { name: 'Latest pictures' });
  await expect(latest.getByRole('article').first()).toBeVisible();
  await latest.getByRole('link', { name: 'See the whole gallery' }).click();

  await expect(page).toHaveURL('/gallery');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Gallery');
  const { total } = await searchApi(request, {});
  await expect(page.getByRole('status').filter({ hasText: 'pictures' })).toHaveText(
    `${total} pictures`,
  );
  await expect(cards(page)).toHaveCount(Math.min(total, 24));

  const categories = await categoriesApi(request);
  expect(categories).toHaveLength(8);
  const nav = page.getByRole('navigation', { name: 'Categories' });
  await expect(nav.getByRole('link')).toHaveCount(9);
  const category = categories[0]!;
  await nav.getByRole('link', { name: category.names.en }).click();
  await expect(page).toHaveURL(`/gallery/${category.urlName}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(category.names.en);
  await expect(nav.getByRole('link', { name: category.names.en })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(cards(page).first()).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('filter by orientation, style and price: every result matches, and survives a reload', async ({
  page,
  request,
}) => {
  // A combination the demo catalog has, with a price range around one of its pictures.
  const sample = (await searchApi(request, { PageSize: 60 })).items.find(
    (item) => item.style !== 'None',
  );
  if (!sample) throw new Error('the demo catalog has no styled picture');
  const from = Math.max(0, sample.price.amount - 500);
  const to = sample.price.amount + 500;
  const expected = await searchApi(request, {
    Orientation: sample.orientation,
    Style: sample.style,
    From: from,
    To: to,
    PageSize: 60,
  });

  await page.goto('/gallery');
  const filters = page.getByRole('search', { name: 'Filter pictures' });
  await filters.getByLabel('Orientation').selectOption(sample.orientation);
  await expect(page).toHaveURL(`/gallery?orientation=${sample.orientation}`);
  const styleName = await filters
    .getByLabel('Style')
    .locator(`option[value="${sample.style}"]`)
    .textContent();
  await filters.getByLabel('Style').selectOption(sample.style);
  await filters.getByLabel('Min. price (€)').fill((from / 100).toFixed(2));
  await filters.getByLabel('Max. price (€)').fill((to / 100).toFixed(2));
  await filters.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(
    `/gallery?orientation=${sample.orientation}&style=${sample.style}&from=${from}&to=${to}`,
  );

  const check = async () => {
    await expect(page.getByRole('status').filter({ hasText: /pictures?$/ })).toHaveText(
      `${expected.total} picture${expected.total === 1 ? '' : 's'}`,
    );
    await expect(cards(page)).toHaveCount(Math.min(expected.total, 24));
    for (const card of await cards(page).all()) {
      const text = (await card.textContent()) ?? '';
      expect(text).toContain(`${styleName} · ${sample.orientation}`);
      const price = minorUnitsIn(text);
      expect(price).toBeGreaterThanOrEqual(from);
      expect(price).toBeLessThanOrEqual(to);
    }
    await expect(cards(page).getByRole('link', { name: sample.title })).toBeVisible();
  };
  await check();

  await page.reload();
  await expect(filters.getByLabel('Orientation')).toHaveValue(sample.orientation);
  await expect(filters.getByLabel('Style')).toHaveValue(sample.style);
  await expect(filters.getByLabel('Min. price (€)')).toHaveValue((from / 100).toFixed(2));
  await expect(filters.getByLabel('Max. price (€)')).toHaveValue((to / 100).toFixed(2));
  await check();
});

test('load more adds the next page in place and moves focus to its first picture', async ({
  page,
  request,
}) => {
  const { total } = await searchApi(request, {});
  expect(total).toBeGreaterThan(24);
  await page.goto('/gallery');
  await expect(cards(page)).toHaveCount(24);
  await expect(page.getByText(`Showing 24 of ${total}`)).toBeVisible();
  // A link to the next page (what a browser without JavaScript follows), loaded in place here.
  const more = page.getByRole('link', { name: 'Load more' });
  await expect(more).toHaveAttribute('href', '/gallery?page=2');
  // Loading in place is the app's work: before it takes over, the link is followed as a browser
  // without JavaScript would (to page 2 alone), which is a different journey.
  await waitForHydration(page);
  await more.click();
  await expect(cards(page)).toHaveCount(Math.min(total, 48));
  await expect(cards(page).nth(24).getByRole('link')).toBeFocused();
  await expect(page).toHaveURL('/gallery');
});

test('open a picture, choose a variant, add it to the cart, switch currency', async ({
  page,
  request,
  consoleErrors,
}) => {
  await page.goto('/gallery');
  const first = cards(page).first().getByRole('link');
  const title = (await first.textContent()) ?? '';
  await first.click();
  await expect(page).toHaveURL(/\/gallery\/picture\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  const urlName = decodeURIComponent(page.url().split('/').pop() ?? '');
  const euro = await offerApi(request, urlName, 'EUR');
  await expect(page).toHaveTitle(`${euro.title} · Pictura`);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', euro.title);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /^http/);

  const variants = page.getByRole('group', { name: 'Choose a format' }).getByRole('radio');
  await expect(variants).toHaveCount(euro.attributes.length);
  const chosen = euro.attributes.at(-1)!;
  await variants.last().check();
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 0 items');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Added to your cart.' })).toBeVisible();
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 item');
  const stored = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.cart);
  expect(JSON.parse(stored ?? 'null')).toEqual([{ attributes: { id: chosen.id } }]);

  // The same variant again: not added twice.
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('This format is already in your cart.')).toBeVisible();
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 item');

  const usd = await offerApi(request, urlName, 'USD');
  const priceOf = (amount: number, currency: string) =>
    new Intl.NumberFormat('en', { style: 'currency', currency }).format(amount / 100);
  const chosenLabel = page.getByRole('group', { name: 'Choose a format' }).locator('label').last();
  await expect(chosenLabel).toContainText(priceOf(chosen.price.amount, 'EUR'));
  await page.getByRole('banner').getByLabel('Currency').selectOption('USD');
  // A cart in euros would be lost by the switch, so the shop asks first.
  await page
    .getByRole('dialog', { name: 'Switch to USD ($)?' })
    .getByRole('button', { name: 'Empty the cart and switch to USD' })
    .click();
  await expect(chosenLabel).toContainText(priceOf(usd.attributes.at(-1)!.price.amount, 'USD'));
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 0 items');
  expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.cart)).toBeNull();
  expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.currency)).toBe(
    'USD',
  );

  // Every page is repriced: the gallery shows dollars now, also after a reload.
  await page.goto('/gallery');
  await expect(cards(page).first()).toContainText('$');
  await page.reload();
  await expect(cards(page).first()).toContainText('$');
  expect(consoleErrors).toEqual([]);
});

test('an unknown picture shows the 404 page', async ({ page }) => {
  await page.goto('/gallery/picture/no-such-picture');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Page Not Found: /gallery/picture/no-such-picture',
  );
});

test('an unknown category shows the 404 page', async ({ page }) => {
  await page.goto('/gallery/no-such-category');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Page Not Found: /gallery/no-such-category',
  );
});
