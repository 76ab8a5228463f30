// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RELEASE_RELOAD_MARKER_KEY, STORAGE_KEYS } from '@pictura/contract';
import { accountStore, hasConsent } from '../../../lib/account-store';
import { COOKIE_CONSENT_STORAGE_KEY, isConsentDecided } from '../../../lib/cookie-consent';
import { i18n } from '../../../lib/i18n';
import { button, fakeApi } from '../../../test/forms';
import { closeCookieSettings } from '../cookie-settings';
import { click, renderApp, type RenderedApp } from '../../../test/render-app';

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

const banner = (container: HTMLElement) =>
  [...container.querySelectorAll('section')].find(
    (section) => section.querySelector('h2')?.textContent === 'Cookies and storage in your browser',
  ) ?? null;
const storedConsent = () => JSON.parse(localStorage.getItem(COOKIE_CONSENT_STORAGE_KEY) ?? 'null');
const checkbox = (container: HTMLElement, name: string) => {
  const label = [...container.querySelectorAll('label')].find((l) => l.textContent === name);
  return document.getElementById(label?.htmlFor ?? '') as HTMLInputElement;
};

describe('cookie consent banner', () => {
  it('asks on the first visit, before anything optional is kept', async () => {
    const { container } = await open('/');

    const region = banner(container);
    expect(region?.getAttribute('aria-labelledby')).toBe(region?.querySelector('h2')?.id);
    expect(region?.querySelector('p')?.textContent).toBe(
      'Only what the shop needs is kept; preferences and anonymous statistics only if you agree. Details',
    );
    expect(region?.querySelector('a[href="/privacy-policy"]')?.textContent).toBe('Details');
    for (const name of ['Accept all', 'Reject all', 'Choose']) button(container, name);
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
    await click(button(container, 'Reject all'));

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
    expect(container.querySelector('[aria-live="polite"]')?.textContent).toBe(
      'Your cookie choice has been saved.',
    );
  });

  it('"Choose" shows every category unticked but the necessary one, and saves what is ticked', async () => {
    const { container } = await open('/');
    await click(button(container, 'Choose'));

    const necessary = checkbox(container, 'Necessary (always on)');
    expect(necessary.checked).toBe(true);
    expect(necessary.disabled).toBe(true);
    expect(checkbox(container, 'Preferences').checked).toBe(false);
    expect(checkbox(container, 'Statistics').checked).toBe(false);
    expect(document.activeElement).toBe(checkbox(container, 'Preferences'));

    await click(checkbox(container, 'Preferences'));
    await click(button(container, 'Save my choices'));

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

    const settings = button(container, 'Cookie settings');
    expect(settings.closest('footer')).not.toBeNull();
    await click(settings);

    expect(document.activeElement).toBe(banner(container)?.querySelector('h2'));
    expect(checkbox(container, 'Statistics').checked).toBe(true);
    expect(checkbox(container, 'Preferences').checked).toBe(false);
    await click(button(container, 'Accept all'));

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
    button(container, 'Rechazar todas');
    await act(() => i18n.changeLanguage('ja'));
    button(container, 'すべて拒否');
    button(container, 'Cookie 設定');
    await click(button(container, '選択する'));
    // The link sits inside the sentence, which goes on after it.
    const text = container.querySelector('a[href="/privacy-policy"]')?.closest('section p');
    expect(text?.querySelector('a[href="/privacy-policy"]')?.textContent).toBe(
      'プライバシーポリシー',
    );
    expect(text?.textContent).toMatch(
      /^Pictura がお客様の.*詳しくはプライバシーポリシーをご覧ください。$/,
    );
  });
});
