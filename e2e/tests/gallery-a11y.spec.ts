import AxeBuilder from '@axe-core/playwright';
import { STORAGE_KEYS } from '@pictura/contract';
import { expect as baseExpect, test } from './fixtures';
import { cards, categoriesApi, newestOffer, tabTo } from './gallery-catalog';

// Catalog pages wait for API answers and pictures: on a busy two-core machine (another run's
// server, axe) that can take longer than the default five seconds.
const expect = baseExpect.configure({ timeout: 15_000 });

// The catalog pages are accessible and usable with the keyboard alone.

test('no serious or critical accessibility violation on the catalog pages', async ({
  page,
  request,
}) => {
  // Four pages, each analysed by axe.
  test.slow();
  const [category] = await categoriesApi(request);
  const offer = await newestOffer(request);
  if (!category) throw new Error('the demo catalog is empty');
  for (const path of [
    '/',
    '/gallery',
    `/gallery/${category.urlName}`,
    `/gallery/picture/${offer.urlName}`,
  ]) {
    await page.goto(path);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    const blocking = results.violations.filter(
      (violation) => violation.impact === 'serious' || violation.impact === 'critical',
    );
    expect(blocking.map((violation) => `${path}: ${violation.id}`)).toEqual([]);
  }
});

test('keyboard only: filter the gallery, open a picture, choose a variant, add it to the cart', async ({
  page,
}) => {
  await page.goto('/gallery');
  await expect(cards(page).first()).toBeVisible();
  const filters = page.getByRole('search', { name: 'Filter pictures' });

  // A closed <select> takes arrow keys; the filter applies at once.
  await tabTo(page, filters.getByLabel('Orientation'));
  await page.keyboard.press('ArrowDown');
  await expect(page).toHaveURL(/orientation=Vertical/);
  await expect(filters.getByLabel('Orientation')).toBeFocused();

  await tabTo(page, filters.getByLabel('Max. price (€)'));
  await page.keyboard.type('1000');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/to=100000/);

  const firstLink = cards(page).first().getByRole('link');
  await expect(firstLink).toBeVisible();
  const title = (await firstLink.textContent()) ?? '';
  await tabTo(page, firstLink);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);

  const variants = page.getByRole('group', { name: 'Choose a format' }).getByRole('radio');
  await tabTo(page, variants.first());
  await page.keyboard.press('ArrowDown');
  await expect(variants.nth(1)).toBeChecked();

  await tabTo(page, page.getByRole('button', { name: 'Add to cart' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Added to your cart.')).toBeVisible();
  const stored = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.cart);
  expect(JSON.parse(stored ?? '[]')).toHaveLength(1);
});
