import type { Page } from '@playwright/test';
import {
  apiPaths,
  CURRENCY_COOKIE,
  LOCALE_COOKIE,
  OfferListSchema,
  paths,
  type Currency,
  type Locale,
} from '@pictura/contract';
import { expect, test } from './fixtures';
import { cards, categoriesApi, offerApi, searchApi } from './gallery-catalog';
import { allOffers, demoOffer, priceText } from './ssr-helpers';

// The storefront without JavaScript: everything below is the server's HTML, as a visitor whose
// browser runs no script (or a crawler) gets it. Without server rendering these pages are empty.

test.use({ javaScriptEnabled: false });

/** The texts the tests look for, per language (apps/web/src/locales). */
const TEXTS: Record<Locale, { breadcrumb: string; gallery: string; latest: string; more: string }> =
  {
    en: {
      breadcrumb: 'Breadcrumb',
      gallery: 'Gallery',
      latest: 'Latest pictures',
      more: 'Load more',
    },
    es: {
      breadcrumb: 'Ruta de navegación',
      gallery: 'Galería',
      latest: 'Últimas imágenes',
      more: 'Cargar más',
    },
    ja: {
      breadcrumb: 'パンくずリスト',
      gallery: 'ギャラリー',
      latest: '新着作品',
      more: 'さらに読み込む',
    },
  };

async function chooseVisitor(page: Page, baseURL: string, locale: Locale, currency: Currency) {
  await page.context().addCookies([
    { name: LOCALE_COOKIE.name, value: locale, url: baseURL, sameSite: 'Lax' },
    { name: CURRENCY_COOKIE.name, value: currency, url: baseURL, sameSite: 'Lax' },
  ]);
}

const main = (page: Page) => page.getByRole('main');

// Spanish puts the sign after the number (after a no-break space) and writes dollars as US$;
// Japanese and English put $ or € first: the server formats in the visitor's language and currency.
for (const [locale, currency, sample] of [
  ['es', 'USD', /^\d+,\d{2}\sUS\$$/],
  ['es', 'EUR', /^\d+,\d{2}\s€$/],
  ['ja', 'USD', /^\$\d+\.\d{2}$/],
  ['en', 'EUR', /^€\d+\.\d{2}$/],
] as const) {
  test(`the picture page in ${locale} with ${currency}: title, prices, picture and breadcrumbs`, async ({
    page,
    request,
    baseURL,
  }) => {
    await chooseVisitor(page, baseURL!, locale, currency);
    const { urlName } = await demoOffer(request);
    const offer = await offerApi(request, urlName, currency);
    const category = (await categoriesApi(request)).find(
      (item) => item.urlName === offer.categoryName,
    );

    const answer = await page.goto(paths.picture(urlName));
    expect(answer?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(main(page).getByRole('heading', { level: 1 })).toHaveText(offer.title);
    for (const { price } of offer.attributes) {
      const text = priceText(price.amount, currency, locale);
      expect(text).toMatch(sample);
      await expect(main(page).getByText(text, { exact: true }).first()).toBeVisible();
    }

    // The picture, its sources in every width for the browser to choose from, and its bytes.
    const picture = main(page).locator('picture').first();
    for (const format of ['avif', 'webp'] as const) {
      const previews = offer.image.previews.filter((preview) => preview.format === format);
      expect(previews.length).toBeGreaterThan(1);
      const srcset = (await picture
        .locator(`source[type="image/${format}"]`)
        .getAttribute('srcset'))!;
      for (const preview of previews) expect(srcset).toContain(`${preview.url} ${preview.width}w`);
    }
    const image = picture.locator('img');
    await expect(image).toHaveAttribute('width', String(offer.image.width));
    await expect(image).toHaveJSProperty('complete', true);
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    // Gallery › category (its name in this language) › the picture.
    const trail = main(page).getByRole('navigation', { name: TEXTS[locale].breadcrumb });
    await expect(trail.getByRole('listitem')).toHaveText([
      TEXTS[locale].gallery,
      category!.names[locale],
      offer.title,
    ]);
    await expect(trail.getByRole('link', { name: TEXTS[locale].gallery })).toHaveAttribute(
      'href',
      paths.gallery,
    );
    await expect(trail.getByRole('link', { name: category!.names[locale] })).toHaveAttribute(
      'href',
      paths.galleryCategory(offer.categoryName),
    );
  });
}

// Other journeys publish (and withdraw) offers meanwhile: a page and the API's list read a moment
// apart may differ by one, so each comparison reads both again until they agree.
const settled = { intervals: [500, 1_000, 2_000], timeout: 15_000 };

test('the gallery shows its first page of offers as links, and its paging link goes on', async ({
  page,
  request,
}) => {
  const links = cards(page).getByRole('link');
  const hrefs = () => links.evaluateAll((all) => all.map((link) => link.getAttribute('href')));
  await expect(async () => {
    const offers = await allOffers(request);
    expect(offers.length).toBeGreaterThan(24);
    await page.goto(paths.gallery);
    await expect(main(page).getByRole('heading', { level: 1 })).toHaveText('Gallery');
    expect(await links.allTextContents()).toEqual(offers.slice(0, 24).map((offer) => offer.title));
    expect(await hrefs()).toEqual(offers.slice(0, 24).map((offer) => paths.picture(offer.urlName)));

    // "Load more" is a link to the next page: without JavaScript the browser simply follows it.
    await main(page).getByRole('link', { name: TEXTS.en.more }).click();
    await expect(page).toHaveURL(`${paths.gallery}?page=2`);
    expect(await links.allTextContents()).toEqual(offers.slice(24, 48).map((offer) => offer.title));
  }).toPass(settled);
});

test('the home page shows its hero and the newest offers', async ({ page, request, baseURL }) => {
  await chooseVisitor(page, baseURL!, 'es', 'USD');
  const region = main(page).getByRole('region', { name: TEXTS.es.latest });
  await expect(async () => {
    const latest = OfferListSchema.parse(
      await (await request.get(`${apiPaths.offersLatest}?Currency=USD`)).json(),
    );
    await page.goto(paths.home);
    const hero = main(page).getByRole('heading', { level: 1 });
    await expect(hero).toHaveText('Arte imaginado por la IA, listo para que sea tuyo');
    await expect(main(page).getByRole('link', { name: 'Explorar la galería' })).toBeVisible();
    expect(await region.getByRole('article').getByRole('link').allTextContents()).toEqual(
      latest.map((offer) => offer.title),
    );
    await expect(region.getByRole('article').first()).toContainText(
      priceText(latest[0]!.price.amount, 'USD', 'es'),
    );
  }).toPass(settled);
});

for (const locale of ['en', 'ja'] as const) {
  test(`the legal pages hold their full text in ${locale}`, async ({ page, baseURL }) => {
    await chooseVisitor(page, baseURL!, locale, 'EUR');
    const expected = {
      en: { privacy: 'How long we keep your data', terms: 'Prices and payment' },
      ja: { privacy: '保存期間', terms: '価格とお支払い' },
    }[locale];

    await page.goto(paths.privacyPolicy);
    const privacyHeadings = main(page).getByRole('heading', { level: 2 });
    expect(await privacyHeadings.count()).toBeGreaterThan(10);
    await expect(
      main(page).getByRole('heading', { level: 2, name: expected.privacy }),
    ).toBeVisible();
    // Not just headings: each section's text is there too.
    expect((await main(page).textContent())?.length).toBeGreaterThan(3_000);

    await page.goto(paths.termsAndConditions);
    expect(await main(page).getByRole('heading', { level: 2 }).count()).toBeGreaterThan(10);
    await expect(main(page).getByRole('heading', { level: 2, name: expected.terms })).toBeVisible();
  });
}

test('a log-in form before the app runs says it is loading and sends nothing typed', async ({
  page,
}) => {
  const sent: string[] = [];
  page.on('request', (request) => sent.push(request.url()));
  await page.goto(`${paths.login}?returnUrl=%2Fcart`);
  await page.getByLabel('Email').fill('ana@example.com');
  await page.getByLabel('Password', { exact: true }).fill('Secret-Passw0rd');
  // Signing in needs the app: until it runs, its button is disabled and named as loading.
  const submit = page.getByRole('button', { name: 'Log in (loading…)', exact: true });
  await expect(submit).toBeDisabled();
  // Enter does not send a form whose default button is disabled.
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await expect(page).toHaveURL(/\/login\?returnUrl=%2Fcart$/);
  await expect(page.getByLabel('Email')).toHaveValue('ana@example.com');
  expect(sent.filter((url) => /Secret|ana%40example/.test(url))).toEqual([]);
});

test("the gallery's filters sent before the app runs are a search the server answers", async ({
  page,
  request,
}) => {
  const expected = await searchApi(request, { Sort: 'LowToHigh', From: 500, To: 2000 });
  const first = expected.items[0];
  if (!first) throw new Error('the demo catalog has no picture between €5 and €20');
  await page.goto(paths.gallery);
  const filters = page.getByRole('search', { name: 'Filter pictures' });
  await filters.getByLabel('Sort by').selectOption('LowToHigh');
  await filters.getByLabel('Min. price (€)').fill('5');
  await filters.getByLabel('Max. price (€)').fill('20');
  await filters.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/sort=LowToHigh.*price-from=5&price-to=20/);
  await expect(cards(page).first()).toContainText(first.title);
  await expect(filters.getByLabel('Sort by')).toHaveValue('LowToHigh');
});
