import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  DEFAULT_LOCALE,
  isOneOf,
  LOCALE_COOKIE,
  LOCALES,
  PICTURE_PAGE_PATH,
  type Locale,
} from '@pictura/contract';
import type { IncomingHttpHeaders } from 'node:http';

/** One entry of the web build's manifest (Vite's `build.manifest`), keyed there by source path. */
export interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** Where apps/web/vite.config.ts has the manifest written; dot-directories are never served. */
export const MANIFEST_PATH = '.vite/manifest.json';

/**
 * The shop's first views, whose JavaScript is budgeted (bench/src/web-size.ts weighs it), with the
 * page module of each (apps/web/src/app/routes.tsx).
 */
export const FIRST_VIEW_PAGES: ReadonlyArray<{ label: string; path: RegExp; module: string }> = [
  { label: '/', path: /^\/$/, module: 'src/app/routes/home.tsx' },
  { label: '/gallery', path: /^\/gallery\/?$/, module: 'src/app/routes/gallery.tsx' },
  {
    label: '/gallery/picture/{urlName}',
    path: PICTURE_PAGE_PATH,
    module: 'src/app/routes/picture.tsx',
  },
];

/**
 * The build's files some modules need: their own and their static imports', transitively (dynamic
 * imports load later), with the keys the manifest lacks.
 */
export function staticClosure(
  manifest: Manifest,
  roots: readonly string[],
): { js: Set<string>; css: Set<string>; missing: string[] } {
  const seen = new Set<string>();
  const js = new Set<string>();
  const css = new Set<string>();
  const missing: string[] = [];
  const pending = [...roots];
  for (let key = pending.pop(); key !== undefined; key = pending.pop()) {
    if (seen.has(key)) continue;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) {
      missing.push(key);
      continue;
    }
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    pending.push(...(chunk.imports ?? []));
  }
  return { js, css, missing };
}

/** One cookie's value from a `Cookie` header. */
export function cookieValue(cookieHeader: string | undefined, name: string): string | undefined {
  return cookieHeader
    ?.split(';')
    .map((part) => part.trim().split('='))
    .find(([key]) => key === name)?.[1];
}

/** The page's language (spec section 9): the cookie, then the browser's (`Accept-Language`). */
export function likelyLocale(
  cookieHeader: string | undefined,
  acceptLanguage: string | undefined,
): Locale {
  const cookie = cookieValue(cookieHeader, LOCALE_COOKIE.name);
  if (cookie && isOneOf(LOCALES, cookie)) return cookie;
  // Browsers list their languages best first, as navigator.languages does.
  for (const range of acceptLanguage?.split(',') ?? []) {
    const tag = range.split(';')[0]?.trim().toLowerCase() ?? '';
    const base = tag.split('-')[0] ?? '';
    if (isOneOf(LOCALES, tag)) return tag;
    if (isOneOf(LOCALES, base)) return base;
  }
  return DEFAULT_LOCALE;
}

/** What the hints read of a page request: Fastify's request and Node's raw one both fit. */
export interface PageRequest {
  url?: string;
  headers: IncomingHttpHeaders;
}

/**
 * Builds the `Link` header of a page answer from the web build's manifest, or nothing without one:
 * the locale file of the likely language (as `fetch`, credentials as the app's fetch sends them),
 * which the app loads before it hydrates the page. The page's own code and styles are in its HTML
 * (page-assets.ts).
 */
export function createPreloadHints(
  distDir: string,
): ((request: PageRequest) => string | undefined) | undefined {
  const manifestFile = join(distDir, MANIFEST_PATH);
  if (!existsSync(manifestFile)) return undefined;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const localeLinks = new Map(
    LOCALES.flatMap((locale) => {
      const file = manifest[`src/locales/${locale}.json`]?.file;
      return file ? [[locale, `</${file}>; rel=preload; as=fetch; crossorigin`] as const] : [];
    }),
  );
  return (request) =>
    localeLinks.get(likelyLocale(request.headers.cookie, request.headers['accept-language']));
}
