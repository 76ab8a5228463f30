// @vitest-environment jsdom
import { within } from '@testing-library/react';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiPaths, paths } from '@pictura/contract';
import { i18n } from '../../lib/i18n';
import { renderApp, type RenderedApp } from '../../test/render-app';
import { loadTestShop, testShopStore } from './test-shop';

let app: RenderedApp | undefined;

afterEach(() => {
  app?.unmount();
  app = undefined;
  testShopStore.set(false);
  vi.restoreAllMocks();
});

const ribbon = (container: HTMLElement) =>
  within(container).queryAllByRole('complementary')[0] ?? null;
const answering = (response: Response | Error) =>
  vi.fn<typeof fetch>(async () => {
    if (response instanceof Error) throw response;
    return response;
  });
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('the test shop ribbon', () => {
  it('is on every page of a test shop, above the header, in the reader’s language', async () => {
    const fetchShop = answering(json({ testPayments: true }));
    await loadTestShop(fetchShop);
    app = await renderApp(paths.home);

    expect(fetchShop).toHaveBeenCalledWith(apiPaths.shop, expect.anything());
    within(app.container).getByRole('complementary', { name: 'Test shop' });
    // The full sentence for wide screens, the brief one for phones; CSS shows one of them.
    expect(ribbon(app.container)?.textContent).toBe(
      'Test shop Payments are simulated with test cards; no money is taken and nothing is delivered.No real payments.',
    );
    const header = within(app.container).getAllByRole('banner')[0];
    expect(ribbon(app.container)?.compareDocumentPosition(header!)).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    await act(() => app?.router.navigate(paths.gallery));
    expect(ribbon(app.container)).not.toBeNull();

    await act(() => i18n.changeLanguage('es'));
    expect(ribbon(app.container)?.textContent).toContain('Tienda de prueba');
    await act(() => i18n.changeLanguage('ja'));
    expect(ribbon(app.container)?.textContent).toContain('テストショップ');
    await act(() => i18n.changeLanguage('en'));
  });

  it('is not shown by a shop that takes real payments, nor when the shop cannot be asked', async () => {
    for (const fetchShop of [
      answering(json({ testPayments: false })),
      answering(json({ errors: {} }, 500)),
      answering(new TypeError('Failed to fetch')),
      answering(json({ testPayments: 'yes' })),
    ]) {
      await loadTestShop(fetchShop);
      expect(testShopStore.get()).toBe(false);
    }
    app = await renderApp(paths.home);

    expect(ribbon(app.container)).toBeNull();
  });
});
