import { randomBytes, randomInt } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import {
  AdminCategoryListSchema,
  adminApiPaths,
  AdminOfferSchema,
  apiPaths,
  paths,
  TokenResponseSchema,
  UploadedImageSchema,
  withId,
} from '@pictura/contract';
import { nextAdminCode } from '../admin-two-step';
import { adminEmail, adminPassword, gradientPng } from './admin-helpers';
import { expect, test } from './fixtures';
import { readServerHtml } from './ssr-helpers';

// An offer's title and description are the admin's free text, and the server puts them into the
// page's HTML, its head tags, its JSON-LD and its render data. Text that tries to close the
// script element and open one of its own stays text in every one of them.

const ATTACK = '</script><script>alert(1)</script>';
const TITLE = `${ATTACK} "Tom & Jerry's"`;
// U+2028 ends a line in old JavaScript parsers: the JSON inside a script element escapes it too.
const DESCRIPTION = `${ATTACK} & "quotes" <!-- not a comment --> \u2028 <b>bold</b>`;

/** The admin's session for API calls (the back office asks for the second step too). */
async function adminHeaders(request: APIRequestContext) {
  const response = await request.post(apiPaths.accountsLogin, {
    data: { email: adminEmail(), password: adminPassword(), code: await nextAdminCode() },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { accessToken } = TokenResponseSchema.parse(await response.json());
  return { authorization: `Bearer ${accessToken}` };
}

/** Makes and publishes the offer as the back office's editor does, through its API. */
async function publishAttackOffer(request: APIRequestContext, headers: Record<string, string>) {
  const upload = await request.post(adminApiPaths.catalogImages, {
    headers: { ...headers, 'content-type': 'image/png' },
    data: gradientPng(960, 640, randomInt(1000)),
  });
  expect(upload.status(), await upload.text()).toBe(200);
  const { imageKey } = UploadedImageSchema.parse(await upload.json());
  const categories = AdminCategoryListSchema.parse(
    await (await request.get(adminApiPaths.catalogCategories, { headers })).json(),
  );
  const created = await request.post(adminApiPaths.catalogOffers, {
    headers,
    data: {
      title: TITLE,
      description: DESCRIPTION,
      urlName: `escaping-${randomBytes(4).toString('hex')}`,
      categoryId: categories[0]!.id,
      style: 'None',
      tags: [],
      source: { type: 'upload', imageKey },
      variants: [{ kind: 'standard', prices: { EUR: 700, USD: 800 } }],
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const offer = AdminOfferSchema.parse(await created.json());
  const published = await request.post(withId(adminApiPaths.catalogOfferPublish, offer.id), {
    headers,
  });
  expect(published.status(), await published.text()).toBe(200);
  return offer;
}

interface RenderData {
  queries: { queries: { queryKey: unknown[]; state: { data?: unknown } }[] };
}

test('a title and description that try to open a script stay text in the HTML, head, JSON-LD and render data', async ({
  page,
  request,
}) => {
  const headers = await adminHeaders(request);
  const offer = await publishAttackOffer(request, headers);
  try {
    const path = paths.picture(offer.urlName);
    const source = await (await request.get(path)).text();
    expect(source).not.toContain(ATTACK);
    const html = await readServerHtml(page, source);

    // The scripts are the app's own module and the three data blocks: nothing else runs.
    expect(html.scripts.filter((script) => script.src === null)).toEqual([
      { type: 'application/ld+json', src: null, inline: true },
      { type: 'application/ld+json', src: null, inline: true },
      { type: 'application/json', src: null, inline: true },
    ]);
    expect(html.scripts.filter((script) => script.src !== null)).toEqual([
      { type: 'module', src: expect.stringMatching(/^\/assets\/[\w-]+\.js$/), inline: false },
    ]);

    // Every place the text appears holds it exactly, as text.
    expect(html.title).toBe(`${TITLE} · Pictura`);
    expect(html.h1).toEqual([TITLE]);
    expect(html.mainText).toContain(DESCRIPTION);
    expect(html.meta).toMatchObject({
      description: DESCRIPTION,
      'og:title': TITLE,
      'og:description': DESCRIPTION,
    });
    const [product, breadcrumbs] = html.jsonLd.map(
      (text) => JSON.parse(text) as Record<string, unknown>,
    );
    expect(product).toMatchObject({ name: TITLE, description: DESCRIPTION });
    expect(breadcrumbs).toMatchObject({ itemListElement: [{}, {}, { name: TITLE }] });
    const rendered = JSON.parse(html.renderData ?? '{}') as RenderData;
    const detail = rendered.queries.queries.find(
      ({ queryKey }) => queryKey[1] === 'detail' && queryKey[2] === offer.urlName,
    );
    expect(detail?.state.data).toMatchObject({ title: TITLE, description: DESCRIPTION });

    // In the browser: no dialog on the picture's page, nor where it is listed as the newest.
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(path);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(TITLE);
    await expect(page).toHaveTitle(`${TITLE} · Pictura`);
    for (const listing of [paths.home, paths.gallery]) {
      await page.goto(listing);
      await expect(page.getByRole('main').getByRole('link', { name: TITLE })).toBeVisible();
    }
    expect(dialogs).toEqual([]);
  } finally {
    // Other journeys read the newest pictures: this one leaves the shop again.
    await request.post(withId(adminApiPaths.catalogOfferUnpublish, offer.id), { headers });
  }
});
