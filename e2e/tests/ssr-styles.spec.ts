import { paths } from '@pictura/contract';
import { expect, test } from './fixtures';
import { newestOffer } from './gallery-catalog';
import { waitForHydration } from './hydration';

// A rendered page links its stylesheets from the HTML (apps/server/src/http/page-assets.ts). When
// the app's code starts, its loader must find them rather than fetch them again and append them
// after rules meant to come later; a page the app moves to must get its own.

test("the app fetches a rendered page's stylesheets once, and styles the page it moves to", async ({
  page,
  request,
}) => {
  const newest = await newestOffer(request);
  const stylesheets: string[] = [];
  page.on('request', (sent) => {
    if (sent.resourceType() === 'stylesheet') stylesheets.push(new URL(sent.url()).pathname);
  });
  const linked = () =>
    page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]'), (link) => ({
        href: new URL(link.href).pathname,
        rules: link.sheet?.cssRules.length ?? 0,
      })),
    );

  await page.goto(paths.picture(newest.urlName));
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(newest.title);
  const fromHtml = await linked();
  expect(fromHtml.length).toBeGreaterThan(1);
  const headerPosition = () =>
    page.getByRole('banner').evaluate((header) => getComputedStyle(header).position);
  expect(await headerPosition()).toBe('sticky');

  await waitForHydration(page);
  // The page's stylesheets stay as the HTML linked them, none fetched again; parts the app draws
  // afterwards (a first visit's cookie panel, the Content Credentials mark) add theirs after them.
  const afterHydration = await linked();
  expect(afterHydration.slice(0, fromHtml.length)).toEqual(fromHtml);
  expect(stylesheets.slice(0, fromHtml.length)).toEqual(fromHtml.map((link) => link.href));
  expect(new Set(stylesheets).size).toBe(stylesheets.length);

  // The create page's own styles were not part of the picture page: the app fetches them, once.
  await page.getByRole('banner').getByRole('link', { name: 'Create' }).click();
  await expect(page).toHaveURL(paths.create);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  const afterMove = await linked();
  expect(afterMove.length).toBeGreaterThan(fromHtml.length);
  expect(afterMove.every((link) => link.rules > 0)).toBe(true);
  expect([...stylesheets].sort()).toEqual(afterMove.map((link) => link.href).sort());
  expect(await headerPosition()).toBe('sticky');
});
