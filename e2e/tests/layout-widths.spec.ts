import { expect, test, useLocale } from './fixtures';

// The layout at a desktop's and a phone's width. On a desktop the header shows its links and no
// Menu button. On a phone the cookie banner leaves the home page's heading and its call to action in
// the first screen, and the logo, Menu button and cart share one row down to 360 pixels, in the
// longest language too.

test('on a desktop the header shows its links and no Menu button; on a phone, the reverse', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/gallery');
  const header = page.getByRole('banner');
  const menu = header.getByRole('button', { name: 'Menu' });
  const create = header.getByRole('link', { name: 'Create' });
  await expect(create).toBeVisible();
  await expect(menu).toBeHidden();

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(menu).toBeVisible();
  await expect(create).toBeHidden();
  await menu.click();
  await expect(create).toBeVisible();
});

test('on a 390-pixel phone the banner leaves the heading and its call to action in view', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');

  await expect(
    page.getByRole('region', { name: 'Cookies and storage in your browser' }),
  ).toBeVisible();
  const main = page.getByRole('main');
  for (const part of [
    main.getByRole('heading', { level: 1 }),
    main.getByRole('link', { name: 'Browse the gallery' }),
  ]) {
    await expect(part).toBeInViewport({ ratio: 1 });
  }
});

const MENU = { en: 'Menu', es: 'Menú', ja: 'メニュー' } as const;

for (const locale of ['en', 'es', 'ja'] as const) {
  test(`on a 360-pixel phone the logo, Menu and cart share one row (${locale})`, async ({
    page,
    baseURL,
  }) => {
    await useLocale(page, locale, baseURL!);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/gallery');

    const header = page.getByRole('banner');
    const middle = async (part: ReturnType<typeof header.getByRole>) => {
      const box = (await part.boundingBox())!;
      return box.y + box.height / 2;
    };
    const logo = await middle(header.getByRole('link').first());
    expect(
      Math.abs((await middle(header.getByRole('button', { name: MENU[locale] }))) - logo),
    ).toBeLessThan(4);
    expect(Math.abs((await middle(header.getByRole('link').last())) - logo)).toBeLessThan(4);
  });
}
