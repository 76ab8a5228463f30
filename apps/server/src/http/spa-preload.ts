import { chooseLocale, LOCALE_COOKIE, PICTURE_PAGE_PATH, type Locale } from '@pictura/contract';

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
 * The app's module (apps/web/src/main.tsx), which index.html's entry (src/boot.ts) imports: the
 * code and styles every page needs beyond the entry.
 */
export const APP_MODULE = 'src/main.tsx';

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

/**
 * The page's language (docs/product/screens.md#languages): the cookie, then the browser's
 * (`Accept-Language`).
 */
export function likelyLocale(
  cookieHeader: string | undefined,
  acceptLanguage: string | undefined,
): Locale {
  // Browsers list their languages best first, as navigator.languages does; weights are not read.
  const browser = acceptLanguage?.split(',').map((range) => range.split(';')[0]) ?? [];
  return chooseLocale([cookieValue(cookieHeader, LOCALE_COOKIE.name), ...browser]);
}
