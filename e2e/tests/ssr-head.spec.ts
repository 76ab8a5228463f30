import { CURRENCY_COOKIE, paths } from '@pictura/contract';
import { expect, test } from './fixtures';
import { categoriesApi, offerApi } from './gallery-catalog';
import { decodedWidth, demoOffer, publicPages, readServerHtml, UNKNOWN_PATH } from './ssr-helpers';

// What link previews (chat apps, social networks) and search engines read: every public page's
// server HTML names its own title, description, canonical address and preview, and a picture's
// page describes the picture as schema.org data.

/** The shop's own description: pages without one of their own (the error pages) use it. */
const SHOP_DESCRIPTION = /^Pictura is a shop for AI-generated art/;
/** Link previews are drawn from a picture at least this wide (Open Graph's large image). */
const PREVIEW_MIN_WIDTH = 1200;
/** The shop's own preview, for pages without a picture of their own (apps/web/public). */
const SHARE_CARD = '/share-card.png';

test('every public page answers its own title, description, canonical address and previews', async ({
  page,
  request,
  baseURL,
}) => {
  const offer = await offerApi(request, (await demoOffer(request)).urlName, 'EUR');
  const category = (await categoriesApi(request)).find(
    (item) => item.urlName === offer.categoryName,
  );
  const titles: Record<string, string> = {
    [paths.home]: 'Pictura · AI-generated art',
    [paths.gallery]: 'Gallery · Pictura',
    [paths.galleryCategory(offer.categoryName)]: `${category!.names.en} · Pictura`,
    [paths.picture(offer.urlName)]: `${offer.title} · Pictura`,
    [paths.create]: 'Create a picture · Pictura',
    [paths.giftCard]: 'Gift cards · Pictura',
    [paths.contact]: 'Contact us · Pictura',
    [paths.privacyPolicy]: 'Privacy policy · Pictura',
    [paths.termsAndConditions]: 'Terms and conditions · Pictura',
    [paths.login]: 'Log in · Pictura',
    [paths.signUp]: 'Create an account · Pictura',
    [paths.forgotPassword]: 'Forgot your password? · Pictura',
    [paths.resetPassword]: 'Reset your password · Pictura',
    [paths.notLoggedIn]: 'You are not logged in · Pictura',
    [paths.error]: 'Internal Server Error · Pictura',
    [UNKNOWN_PATH]: 'Page Not Found · Pictura',
  };
  const pages = [...publicPages(offer), UNKNOWN_PATH];
  expect(Object.keys(titles).sort()).toEqual([...pages].sort());

  const descriptions = new Map<string, string>();
  const images = new Set<string>();
  for (const path of pages) {
    const html = await readServerHtml(page, await (await request.get(path)).text());
    const { meta } = html;
    const isPicture = path === paths.picture(offer.urlName);
    const canonical = new URL(path, baseURL).href;
    expect({ path, title: html.title, canonical: html.canonical, url: meta['og:url'] }).toEqual({
      path,
      title: titles[path],
      canonical,
      url: canonical,
    });
    const description = meta.description ?? '';
    expect(description.length, path).toBeGreaterThan(30);
    expect({
      path,
      ogTitle: meta['og:title'],
      ogDescription: meta['og:description'],
      ogType: meta['og:type'],
      twitterCard: meta['twitter:card'],
    }).toEqual({
      path,
      ogTitle: isPicture ? offer.title : titles[path],
      ogDescription: description,
      ogType: isPicture ? 'product' : 'website',
      twitterCard: 'summary_large_image',
    });
    if (isPicture) expect(description).toBe(offer.description);
    const image = new URL(meta['og:image'] ?? '', 'http://not-absolute.invalid');
    expect(image.origin, `${path}: og:image ${meta['og:image']}`).toBe(new URL(baseURL!).origin);
    images.add(image.href);
    // A picture's page is previewed by the picture's own link preview.
    if (isPicture) expect(image.href).toBe(new URL(offer.image.share, baseURL).href);
    descriptions.set(path, description);
  }

  // Each page its own description; only the error pages fall back to the shop's.
  const fallback = [...descriptions].filter(([, text]) => SHOP_DESCRIPTION.test(text));
  expect(fallback.map(([path]) => path).sort()).toEqual([paths.error, UNKNOWN_PATH].sort());
  expect(new Set(descriptions.values()).size).toBe(descriptions.size - 1);

  // Every preview a page names is wide enough for a large link preview: a picture's own (share.jpg,
  // made at 1200x630 whatever the original's size) or the shop's card.
  for (const url of images) {
    expect(await decodedWidth(page, request, url), url).toBeGreaterThanOrEqual(PREVIEW_MIN_WIDTH);
  }
  expect([...images].some((url) => url.endsWith('/share.jpg'))).toBe(true);
  expect([...images].some((url) => url.endsWith(SHARE_CARD))).toBe(true);
});

test("a picture's page describes it as a schema.org Product with its breadcrumb trail", async ({
  page,
  request,
  baseURL,
}) => {
  const { urlName } = await demoOffer(request);
  const offer = await offerApi(request, urlName, 'USD');
  const category = (await categoriesApi(request)).find(
    (item) => item.urlName === offer.categoryName,
  );
  const pageUrl = new URL(paths.picture(urlName), baseURL).href;

  const html = await readServerHtml(
    page,
    await (
      await request.get(paths.picture(urlName), {
        headers: { cookie: `${CURRENCY_COOKIE.name}=USD` },
      })
    ).text(),
  );
  const data = html.jsonLd.map((text) => JSON.parse(text) as Record<string, unknown>);
  expect(data.map((item) => item['@type'])).toEqual(['Product', 'BreadcrumbList']);
  const [product, breadcrumbs] = data;

  // The cheapest variant is the offer: the price the page shows first, in the visitor's currency.
  const cheapest = Math.min(...offer.attributes.map((attribute) => attribute.price.amount));
  expect(product).toMatchObject({
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: offer.title,
    description: offer.description,
    image: [html.meta['og:image']],
    offers: {
      '@type': 'Offer',
      price: (cheapest / 100).toFixed(2),
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
      url: pageUrl,
    },
  });
  expect(breadcrumbs).toEqual({
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [
      { name: 'Gallery', item: new URL(paths.gallery, baseURL).href },
      {
        name: category!.names.en,
        item: new URL(paths.galleryCategory(offer.categoryName), baseURL).href,
      },
      { name: offer.title, item: pageUrl },
    ].map((step, index) => ({ '@type': 'ListItem', position: index + 1, ...step })),
  });
  expect(await decodedWidth(page, request, html.meta['og:image']!)).toBeGreaterThanOrEqual(
    PREVIEW_MIN_WIDTH,
  );
});

test('one canonical address per page: case, a trailing slash, filters and page 1 make no other', async ({
  page,
  request,
  baseURL,
}) => {
  const { urlName, categoryName } = await demoOffer(request);
  const cases: [string, string][] = [
    [`${paths.gallery}?page=2`, `${paths.gallery}?page=2`],
    [`${paths.gallery}?orientation=Square&page=3&utm_source=x`, `${paths.gallery}?page=3`],
    [`${paths.gallery}?page=1`, paths.gallery],
    [`${paths.gallery}?page=abc`, paths.gallery],
    [`${paths.gallery}?page=0`, paths.gallery],
    [`${paths.gallery}/`, paths.gallery],
    ['/Gallery', paths.gallery],
    [`${paths.galleryCategory(categoryName)}/?page=1`, paths.galleryCategory(categoryName)],
    [paths.picture(urlName).toUpperCase(), paths.picture(urlName)],
    [`${paths.picture(urlName)}?page=2`, paths.picture(urlName)],
  ];
  const seen = [];
  for (const [path] of cases) {
    const html = await readServerHtml(page, await (await request.get(path)).text());
    seen.push([path, html.canonical]);
  }
  expect(seen).toEqual(cases.map(([path, canonical]) => [path, new URL(canonical, baseURL).href]));
});
