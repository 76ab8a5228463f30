import { paths, signedInOnlyPaths } from '@pictura/contract';
import { expect, test } from './fixtures';
import {
  demoOffer,
  publicPages,
  readServerHtml,
  UNKNOWN_CATEGORY,
  UNKNOWN_PATH,
  UNKNOWN_PICTURE,
} from './ssr-helpers';

// The status and body of a page answer are what a crawler or link checker sees: the server's own
// 404 page for what the shop does not have, and a page (never JSON) for any page address, whatever
// the request's Accept header says. (A failing render answering 500 is tested on the server:
// apps/server/src/http/page-render-failure.int.test.ts.)

const ACCEPT_HEADERS = [
  'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  '*/*',
  'application/json',
];

test('unknown paths, pictures and categories answer 404 with the 404 page, drawn by the server', async ({
  page,
  request,
}) => {
  const seen = [];
  const expected = [];
  for (const path of [
    UNKNOWN_PATH,
    '/gallery/picture/no-such/deeper',
    UNKNOWN_PICTURE,
    UNKNOWN_CATEGORY,
  ]) {
    for (const accept of ACCEPT_HEADERS) {
      const response = await request.get(path, { headers: { accept } });
      const html = await readServerHtml(page, await response.text());
      seen.push({
        path,
        accept,
        status: response.status(),
        type: response.headers()['content-type'],
        title: html.title,
        h1: html.h1,
      });
      expected.push({
        path,
        accept,
        status: 404,
        type: 'text/html; charset=utf-8',
        title: 'Page Not Found · Pictura',
        h1: [`Page Not Found: ${path}`],
      });
    }
  }
  expect(seen).toEqual(expected);
});

test('every page address answers HTML whatever the Accept header says', async ({
  page,
  request,
}) => {
  const pages = [...publicPages(await demoOffer(request)), paths.wallet, `${paths.gallery}?page=2`];
  // Signed-in pages: the server draws only their shell (it cannot see the session).
  const shells = [...signedInOnlyPaths, '/admin', '/admin/orders'];
  const seen = [];
  const expected = [];
  for (const path of [...pages, ...shells]) {
    for (const accept of ACCEPT_HEADERS) {
      const response = await request.get(path, { headers: { accept } });
      const html = await readServerHtml(page, await response.text());
      const drawn = !shells.includes(path);
      seen.push({
        path,
        accept,
        status: response.status(),
        type: response.headers()['content-type'],
        heading: drawn ? html.h1.length === 1 && html.h1[0] !== '' : undefined,
        rendered: html.renderData !== null,
      });
      expected.push({
        path,
        accept,
        status: 200,
        type: 'text/html; charset=utf-8',
        heading: drawn ? true : undefined,
        rendered: true,
      });
    }
  }
  expect(seen).toEqual(expected);
});

test('a gallery page past the last answers 404 and still shows the gallery; one within answers 200', async ({
  page,
  request,
}) => {
  const category = paths.galleryCategory((await demoOffer(request)).categoryName);
  const answer = async (path: string) => {
    const response = await request.get(path, { headers: { accept: 'text/html' } });
    const html = await readServerHtml(page, await response.text());
    return { path, status: response.status(), h1: html.h1 };
  };
  const categoryHeading = (await answer(category)).h1;
  expect(categoryHeading).toHaveLength(1);
  // The demo catalog has about a hundred offers: four gallery pages of 24, and fewer in a category.
  const seen = [];
  for (const path of [
    `${paths.gallery}?page=2`,
    `${paths.gallery}?page=900`,
    `${category}?page=900`,
  ])
    seen.push(await answer(path));
  expect(seen).toEqual([
    { path: `${paths.gallery}?page=2`, status: 200, h1: ['Gallery'] },
    { path: `${paths.gallery}?page=900`, status: 404, h1: ['Gallery'] },
    { path: `${category}?page=900`, status: 404, h1: categoryHeading },
  ]);
});
