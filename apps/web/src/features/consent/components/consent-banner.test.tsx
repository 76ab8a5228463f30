// @vitest-environment jsdom
import { within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RELEASE_RELOAD_MARKER_KEY, STORAGE_KEYS } from '@pictura/contract';
import { accountStore, hasConsent } from '../../../lib/account-store';
import { COOKIE_CONSENT_STORAGE_KEY, isConsentDecided } from '../../../lib/cookie-consent';
import { i18n } from '../../../lib/i18n';
import { fakeApi } from '../../../test/forms';
import { closeCookieSettings } from '../cookie-settings';
import { renderApp, type RenderedApp } from '../../../test/render-app';

const user = userEvent.setup({ delay: null });

let app: RenderedApp | undefined;
async function open(url: string): Promise<RenderedApp> {
  app = await renderApp(url);
  return app;
}

/** What the shop may keep without consent (privacy policy, "Cookies and storage"). */
const NECESSARY_KEYS = new Set<string>([
  ...Object.values(STORAGE_KEYS),
  COOKIE_CONSENT_STORAGE_KEY,
  RELEASE_RELOAD_MARKER_KEY,
  'paymentLink',
  'react-router-scroll-positions',
]);

beforeEach(() => {
  localStorage.clear();
  accountStore.syncCookieConsentFromStorage();
  fakeApi({});
});

afterEach(async () => {
  closeCookieSettings();
  app?.unmount();
  app = undefined;
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en'));
});

const banner = (container: HTMLElement, name = 'Cookies and storage in your browser') =>
  within(container).queryByRole('region', { name });
const storedConsent = () => JSON.parse(localStorage.getItem(COOKIE_CONSENT_STORAGE_KEY) ?? 'null');
const checkbox = (container: HTMLElement, name: string) =>
  within(container).getByRole<HTMLInputElement>('checkbox', { name });

describe('cookie consent banner', () => {
  it('asks on the first visit, before anything optional is kept', async () => {
    const { container } = await open('/');

    // Found by the name its heading gives it.
    const region = within(banner(container)!);
    region.getByRole('heading', { level: 2, name: 'Cookies and storage in your browser' });
    expect(region.getByText(/^Only what the shop needs/).textContent).toBe(
      'Only what the shop needs is kept; preferences and anonymous statistics only if you agree. Details',
    );
    expect(region.getByRole('link', { name: 'Details' }).getAttribute('href')).toBe(
      '/privacy-policy',
    );
    for (const name of ['Accept all', 'Reject all', 'Choose'])
      within(container).getByRole('button', { name: name });
    expect(hasConsent('preferences')).toBe(false);
    expect(hasConsent('analytics')).toBe(false);
    const keys = [localStorage, sessionStorage].flatMap((storage) =>
      Array.from({ length: storage.length }, (_, i) => storage.key(i) ?? ''),
    );
    expect(keys.filter((key) => !NECESSARY_KEYS.has(key))).toEqual([]);
    const cookies = document.cookie
      .split(';')
      .map((c) => c.split('=')[0]?.trim())
      .filter(Boolean);
    expect(cookies.filter((name) => name !== 'i18next')).toEqual([]);
  });

  it('"Reject all" keeps the lists in the account store and local storage, and closes', async () => {
    const { container } = await open('/');
    await user.click(within(container).getByRole('button', { name: 'Reject all' }));

    expect(banner(container)).toBeNull();
    expect(accountStore.get().cookieConsent).toEqual({
      granted: ['necessary'],
      rejected: ['preferences', 'analytics'],
    });
    expect(storedConsent()).toMatchObject({
      granted: ['necessary'],
      rejected: ['preferences', 'analytics'],
    });
    expect(document.activeElement?.id).toBe('main');
    // A live region without a role: Testing Library has no query for what aria-live announces.
    expect(container.querySelector('[aria-live="polite"]')?.textContent).toBe(
      'Your cookie choice has been saved.',
    );
  });

  it('"Choose" shows every category unticked but the necessary one, and saves what is ticked', async () => {
    const { container } = await open('/');
    await user.click(within(container).getByRole('button', { name: 'Choose' }));

    const necessary = checkbox(container, 'Necessary (always on)');
    expect(necessary.checked).toBe(true);
    expect(necessary.disabled).toBe(true);
    expect(checkbox(container, 'Preferences').checked).toBe(false);
    expect(checkbox(container, 'Statistics').checked).toBe(false);
    expect(document.activeElement).toBe(checkbox(container, 'Preferences'));

    await user.click(checkbox(container, 'Preferences'));
    await user.click(within(container).getByRole('button', { name: 'Save my choices' }));

    expect(storedConsent()).toMatchObject({
      granted: ['necessary', 'preferences'],
      rejected: ['analytics'],
    });
    expect(hasConsent('preferences')).toBe(true);
    expect(hasConsent('analytics')).toBe(false);
    expect(banner(container)).toBeNull();
  });

  it('opens again from the footer with the current choice, and gives the focus back', async () => {
    accountStore.setCookieConsent({ granted: ['analytics'], rejected: ['preferences'] });
    const { container } = await open('/gallery');
    expect(banner(container)).toBeNull();

    const settings = within(container).getByRole('button', { name: 'Cookie settings' });
    expect(
      within(within(container).getByRole('contentinfo')).getByRole('button', {
        name: 'Cookie settings',
      }),
    ).toBe(settings);
    await user.click(settings);

    expect(document.activeElement).toBe(
      within(banner(container)!).getByRole('heading', { level: 2 }),
    );
    expect(checkbox(container, 'Statistics').checked).toBe(true);
    expect(checkbox(container, 'Preferences').checked).toBe(false);
    await user.click(within(container).getByRole('button', { name: 'Accept all' }));

    expect(banner(container)).toBeNull();
    expect(document.activeElement).toBe(settings);
    expect(accountStore.get().cookieConsent.granted).toEqual([
      'necessary',
      'preferences',
      'analytics',
    ]);
  });

  it('closes when another tab records a choice', async () => {
    const { container } = await open('/');
    expect(banner(container)).not.toBeNull();

    localStorage.setItem(
      COOKIE_CONSENT_STORAGE_KEY,
      JSON.stringify({
        granted: ['necessary'],
        rejected: ['preferences', 'analytics'],
        decidedAt: new Date().toISOString(),
      }),
    );
    await act(async () => {
      window.dispatchEvent(new StorageEvent('storage', { key: COOKIE_CONSENT_STORAGE_KEY }));
    });

    expect(banner(container)).toBeNull();
    expect(isConsentDecided(accountStore.get().cookieConsent)).toBe(true);
  });

  it('speaks the active language', async () => {
    const { container } = await open('/');
    await act(() => i18n.changeLanguage('es'));
    within(container).getByRole('button', { name: 'Rechazar todas' });
    await act(() => i18n.changeLanguage('ja'));
    within(container).getByRole('button', { name: 'すべて拒否' });
    within(container).getByRole('button', { name: 'Cookie 設定' });
    await user.click(within(container).getByRole('button', { name: '選択する' }));
    // The link sits inside the sentence, which goes on after it.
    const region = within(banner(container, 'ブラウザーに保存する情報（Cookie など）について')!);
    const text = region.getByText(/^Pictura がお客様の/);
    expect(
      within(text).getByRole('link', { name: 'プライバシーポリシー' }).getAttribute('href'),
    ).toBe('/privacy-policy');
    expect(text.textContent).toMatch(
      /^Pictura がお客様の.*詳しくはプライバシーポリシーをご覧ください。$/,
    );
  });
});
