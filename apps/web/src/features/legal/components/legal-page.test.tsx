// @vitest-environment jsdom
import { waitFor, within } from '@testing-library/react';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { fakeApi } from '../../../test/forms';
import { heading, renderApp, type RenderedApp } from '../../../test/render-app';

let app: RenderedApp | undefined;
async function open(url: string): Promise<RenderedApp> {
  fakeApi({});
  app = await renderApp(url);
  return app;
}

afterEach(async () => {
  app?.unmount();
  app = undefined;
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en'));
});

const main = (container: HTMLElement) => within(within(container).getByRole('main'));
const sectionHeadings = (container: HTMLElement) =>
  main(container)
    .queryAllByRole('heading', { level: 2 })
    .map((h2) => h2.textContent);
const contents = (container: HTMLElement, name: string) =>
  main(container).queryByRole('navigation', { name });

describe('legal pages', () => {
  it('shows the privacy policy with its date, contents and sections, in each language', async () => {
    const { container } = await open('/privacy-policy');
    expect(heading(container)).toBe('Privacy policy');
    await waitFor(() =>
      expect(sectionHeadings(container)).toContain('Cookies and storage in your browser'),
    );
    expect(container.textContent).toContain('Last updated: Nov 26, 2026');
    const nav = within(contents(container, 'On this page')!);
    const toRetention = nav.getByRole('link', { name: 'How long we keep your data' });
    expect(toRetention.getAttribute('href')).toBe('#retention');
    // The link's target: the section's heading.
    expect(
      main(container).getByRole('heading', { level: 2, name: 'How long we keep your data' }).id,
    ).toBe('retention');
    main(container).getByRole('table', { name: 'What the shop keeps in your browser' });
    for (const link of main(container).getAllByRole('link', { name: 'contact form' }))
      expect(link.getAttribute('href')).toBe('/contact');

    await act(() => i18n.changeLanguage('es'));
    expect(heading(container)).toBe('Política de privacidad');
    await waitFor(() =>
      expect(sectionHeadings(container)).toContain('Cuánto tiempo guardamos tus datos'),
    );
    expect(container.textContent).toContain('Última actualización:');

    await act(() => i18n.changeLanguage('ja'));
    expect(heading(container)).toBe('プライバシーポリシー');
    await waitFor(() => expect(sectionHeadings(container)).toContain('保存期間'));
    expect(contents(container, '目次')).not.toBeNull();
  });

  it('shows the terms, with what each licence allows', async () => {
    const { container } = await open('/terms-and-conditions');
    expect(heading(container)).toBe('Terms and conditions');
    await waitFor(() =>
      expect(sectionHeadings(container)).toContain(
        'Who owns the pictures and what your licence allows',
      ),
    );
    expect(sectionHeadings(container)).toEqual(
      expect.arrayContaining(['Refunds and cancellations', 'Gift cards', 'Your balance']),
    );
  });

  it('links both texts from the sign-up agreement', async () => {
    const { container } = await open('/sign-up');
    const agree = main(container).getByRole<HTMLInputElement>('checkbox', {
      name: 'I agree to the privacy policy and the terms and conditions.',
    });
    const links = within(agree.labels![0]!).getAllByRole('link');
    expect(links.map((link) => [link.getAttribute('href'), link.getAttribute('target')])).toEqual([
      ['/privacy-policy', '_blank'],
      ['/terms-and-conditions', '_blank'],
    ]);
  });
});
