// @vitest-environment jsdom
import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import {
  adminApiPaths,
  apiPaths,
  type AdminOfferList,
  type AdminOfferSummary,
} from '@pictura/contract';
import { setTokens } from '../../../lib/session';
import { fakeApi, json, writesOf } from '../../../test/forms';
import { renderApp, type RenderedApp } from '../../../test/render-app';
import { ADMIN_PROFILE, ADMIN_TWO_STEP, resetSession } from '../../../test/session';

const user = userEvent.setup({ delay: null });

let app: RenderedApp | undefined;
afterEach(async () => {
  app?.unmount();
  app = undefined;
  await resetSession();
});

const LYNX: AdminOfferSummary = {
  id: 7,
  urlName: 'amber-lynx',
  title: 'Amber Lynx',
  style: 'Nature',
  orientation: 'Horizontal',
  categoryId: 3,
  categoryUrlName: 'animals',
  published: false,
  minPrices: { EUR: 700, USD: 800 },
  image: { width: 900, height: 600, placeholder: 'data:,', previews: [], share: '/share.jpg' },
  createdAt: '2026-01-01T00:00:00.000Z',
};
const list = (offer: AdminOfferSummary): AdminOfferList => ({
  items: [offer],
  total: 1,
  page: 1,
  pageSize: 25,
});

it('searches by title and puts an offer on sale with its switch', async () => {
  setTokens({ accessToken: 'admin-token', refreshToken: 'refresh' });
  let published = false;
  const calls = fakeApi({
    [apiPaths.accountsProfile]: () => json(200, ADMIN_PROFILE),
    [apiPaths.accountsTwoStep]: () => json(200, ADMIN_TWO_STEP),
    [adminApiPaths.catalogOffers]: () => json(200, list({ ...LYNX, published })),
    [`${adminApiPaths.catalogOffers}/7/publish`]: () => {
      published = true;
      return json(200, {
        ...LYNX,
        published,
        description: '',
        tags: [],
        prompt: '',
        digitalSourceType: 'trainedAlgorithmicMedia',
        variants: [],
      });
    },
  });
  const fetchMock = vi.mocked(globalThis.fetch);
  app = await renderApp('/admin/catalog');
  const { container } = app;
  await waitFor(() => expect(container.textContent).toContain('Amber Lynx'));

  await user.clear(within(container).getByLabelText('Search by title'));
  await user.type(within(container).getByLabelText('Search by title'), ' lynx ');
  await user.click(within(container).getByRole('button', { name: 'Search' }));
  await waitFor(() =>
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(
      `${adminApiPaths.catalogOffers}?Search=lynx&Page=1`,
    ),
  );
  await waitFor(() => within(container).getByLabelText('On sale: Amber Lynx'));
  const toggle = within(container).getByLabelText('On sale: Amber Lynx') as HTMLInputElement;
  expect(toggle.checked).toBe(false);

  await user.click(toggle);

  expect(toggle.checked).toBe(true);
  await waitFor(() =>
    expect(
      within(within(container).getByRole('main')).queryAllByRole('status')[0]?.textContent,
    ).toBe('“Amber Lynx” is on sale.'),
  );
  expect(writesOf(calls).map((call) => call.path)).toEqual([
    `${adminApiPaths.catalogOffers}/7/publish`,
  ]);
  expect(
    (within(container).getByLabelText('On sale: Amber Lynx') as HTMLInputElement).checked,
  ).toBe(true);
});
