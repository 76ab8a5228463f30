import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { Locale } from '@pictura/contract';

// A shopper on a slow phone acts on what the server drew before the app's code has taken it over.
// These helpers make the browser that phone and read the shop's own texts in each language.

/** How much slower than this machine the phone's processor is (DevTools' "4× slowdown"). */
export const PHONE_CPU_SLOWDOWN = 4;

/** A phone's width in CSS pixels; the header and the gallery's filters fold at this width. */
export const PHONE_VIEWPORT = { width: 390, height: 844 };

/** Slows the page's processor as DevTools does, for the rest of the page's life. */
export async function slowDown(page: Page): Promise<void> {
  const devtools = await page.context().newCDPSession(page);
  await devtools.send('Emulation.setCPUThrottlingRate', { rate: PHONE_CPU_SLOWDOWN });
}

/**
 * Opens `path` and returns as soon as the server's answer starts arriving: the test then acts as
 * soon as each control is visible (Playwright's own waiting), not once the app has taken over.
 */
export async function openAtOnce(page: Page, path: string): Promise<void> {
  await page.goto(path, { waitUntil: 'commit' });
}

type Texts = { [key: string]: string | Texts };
const resources = new Map<Locale, Texts>();

/** The shop's text for `key` (dotted, as the app names it) in `locale`, with values put in. */
export function text(locale: Locale, key: string, values: Record<string, string> = {}): string {
  let texts = resources.get(locale);
  if (!texts) {
    const file = new URL(`../../apps/web/src/locales/${locale}.json`, import.meta.url);
    texts = JSON.parse(readFileSync(file, 'utf8')) as Texts;
    resources.set(locale, texts);
  }
  let found: string | Texts | undefined = texts;
  for (const part of key.split('.')) found = typeof found === 'object' ? found[part] : undefined;
  if (typeof found !== 'string') throw new Error(`no text "${key}" in ${locale}`);
  return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? `{{${name}}}`);
}

/** What the page's storage holds under `key`, parsed (null when absent). */
export async function stored(page: Page, key: string): Promise<unknown> {
  const raw = await page.evaluate((name) => window.localStorage.getItem(name), key);
  return raw === null ? null : (JSON.parse(raw) as unknown);
}
