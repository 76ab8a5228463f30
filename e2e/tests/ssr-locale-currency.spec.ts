import { CURRENCY_COOKIE, LOCALE_COOKIE, paths } from '@pictura/contract';
import { expect, test } from './fixtures';
import { cards } from './gallery-catalog';
import { demoOffer, readServerHtml, UNKNOWN_PATH } from './ssr-helpers';

// The server renders a page in the visitor's language (the locale cookie, else Accept-Language,
// docs/product/screens.md#languages) and currency (the cookie the app mirrors the stored choice
// into), and says so in `Vary`, so that no shared cache hands one visitor's page to another.

test('<html lang> and the texts follow the locale cookie, then Accept-Language', async ({
  page,
  request,
}) => {
  const cases = [
    { cookie: 'i18next=ja', acceptLanguage: 'es-ES,es;q=0.9', lang: 'ja', heading: 'ギャラリー' },
    { cookie: undefined, acceptLanguage: 'es-ES,es;q=0.9', lang: 'es', heading: 'Galería' },
    {
      cookie: undefined,
      acceptLanguage: 'fr-FR,fr;q=0.9,ja;q=0.5',
      lang: 'ja',
      heading: 'ギャラリー',
    },
    { cookie: 'i18next=xx', acceptLanguage: 'es', lang: 'es', heading: 'Galería' },
    { cookie: 'i18next=es', acceptLanguage: undefined, lang: 'es', heading: 'Galería' },
    { cookie: undefined, acceptLanguage: 'de', lang: 'en', heading: 'Gallery' },
  ];
  const seen = [];
  for (const { cookie, acceptLanguage } of cases) {
    const headers: Record<string, string> = {};
    if (cookie) headers.cookie = cookie;
    if (acceptLanguage) headers['accept-language'] = acceptLanguage;
    const html = await readServerHtml(
      page,
      await (await request.get(paths.gallery, { headers })).text(),
    );
    seen.push({ cookie, acceptLanguage, lang: html.lang, heading: html.h1[0] });
  }
  expect(seen).toEqual(cases);
});

test('choosing USD writes the year-long currency cookie, and the next page comes in dollars', async ({
  page,
  context,
}) => {
  await page.goto(paths.gallery);
  await expect(cards(page).first()).toContainText('€');
  await page.getByRole('banner').getByLabel('Currency').selectOption('USD');
  await expect(cards(page).first()).toContainText('$');

  const cookie = (await context.cookies()).find(({ name }) => name === CURRENCY_COOKIE.name);
  expect(cookie).toMatchObject({ value: 'USD', path: '/', sameSite: 'Lax' });
  const daysLeft = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
  expect(daysLeft).toBeGreaterThan(364);
  expect(daysLeft).toBeLessThanOrEqual(365);

  // The reload's HTML, as the server sent it: already in dollars, before any script ran.
  const reloaded = await page.reload();
  const html = await readServerHtml(page, (await reloaded?.text()) ?? '');
  expect(html.mainText).toMatch(/From \$\d+\.\d{2}/);
  expect(html.mainText).not.toContain('€');
  expect(JSON.parse(html.renderData ?? '{}')).toMatchObject({ scope: { currency: 'USD' } });
  await expect(cards(page).first()).toContainText('$');

  // The same address with the page's cookies (now USD) and without them (EUR, the default).
  const withCookies = await readServerHtml(
    page,
    await (await page.request.get(paths.gallery)).text(),
  );
  expect(withCookies.mainText).toMatch(/From \$\d+\.\d{2}/);
  await context.clearCookies({ name: CURRENCY_COOKIE.name });
  const withoutCookie = await readServerHtml(
    page,
    await (await page.request.get(paths.gallery)).text(),
  );
  expect(withoutCookie.mainText).toMatch(/From €\d+\.\d{2}/);
  expect(withoutCookie.mainText).not.toContain('$');
});

test('page answers differ by cookie and Accept-Language, and say so in Vary', async ({
  page,
  request,
}) => {
  const { urlName } = await demoOffer(request);
  const visitors: Record<string, string>[] = [
    { 'accept-language': 'es' },
    { 'accept-language': 'es', cookie: `${LOCALE_COOKIE.name}=ja` },
    { 'accept-language': 'es', cookie: `${LOCALE_COOKIE.name}=ja; ${CURRENCY_COOKIE.name}=USD` },
  ];
  for (const path of [paths.home, paths.gallery, paths.picture(urlName), UNKNOWN_PATH]) {
    const bodies = new Set<string>();
    for (const headers of visitors) {
      const response = await request.get(path, { headers });
      const vary = (response.headers().vary ?? '').toLowerCase().split(/\s*,\s*/);
      expect(vary, path).toEqual(expect.arrayContaining(['cookie', 'accept-language']));
      expect(response.headers()['content-type'], path).toMatch(/^text\/html/);
      const html = await readServerHtml(page, await response.text());
      bodies.add(`${html.lang} ${html.mainText}`);
    }
    // Spanish, Japanese in euros, Japanese in dollars: one shared copy would be wrong for two.
    // (The 404 page shows no price: the currency changes nothing there.)
    expect(bodies.size, path).toBe(path === UNKNOWN_PATH ? 2 : 3);
  }
});
