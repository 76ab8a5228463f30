// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { fakeApi } from '../../../test/forms';
import { heading, renderApp, waitFor, type RenderedApp } from '../../../test/render-app';

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

const sectionHeadings = (container: HTMLElement) =>
  [...container.querySelectorAll('main h2')].map((h2) => h2.textContent);
const contents = (container: HTMLElement, name: string) =>
  container.querySelector(`main nav[aria-label="${name}"]`);

describe('legal pages', () => {
  it('shows the privacy policy with its date, contents and sections, in each language', async () => {
    const { container } = await open('/privacy-policy');
    expect(heading(container)).toBe('Privacy policy');
    await waitFor(() =>
      expect(sectionHeadings(container)).toContain('Cookies and storage in your browser'),
    );
    expect(container.textContent).toContain('Last updated: Nov 26, 2026');
    const nav = contents(container, 'On this page');
    expect(nav?.querySelector('a[href="#retention"]')?.textContent).toBe(
      'How long we keep your data',
    );
    expect(container.querySelector('main h2#retention')).not.toBeNull();
    expect(container.querySelector('main table caption')?.textContent).toBe(
      'What the shop keeps in your browser',
    );
    expect(container.querySelector('main a[href="/contact"]')?.textContent).toBe('contact form');

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
    const label = container.querySelector<HTMLInputElement>('main form input[type="checkbox"]')
      ?.labels?.[0];
    expect(label?.textContent).toBe('I agree to the privacy policy and the terms and conditions.');
    const links = [...(label?.querySelectorAll('a') ?? [])];
    expect(links.map((link) => [link.getAttribute('href'), link.getAttribute('target')])).toEqual([
      ['/privacy-policy', '_blank'],
      ['/terms-and-conditions', '_blank'],
    ]);
  });
});
