// How much gzipped JavaScript the web app's libraries cost before one line of Pictura: the least
// each library's use imports, bundled and minified by the web build's own Vite, each stack in one
// file (no chunk overhead). The first-view budget (web-size.ts) is what Pictura adds on top of the
// stack it uses; `npm run floor -w bench` (print-stack-floor.ts) prints every stack's floor.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Plugin, type Rollup } from 'vite';

const webRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'apps', 'web');

/**
 * The least each library's first-view use imports: what main.tsx, the layout and the home, gallery
 * and picture pages call. main.tsx hydrates a server-rendered page (`hydrateRoot`, TanStack Query's
 * `hydrate`) and renders afresh one the server did not (`createRoot`).
 */
const PARTS = {
  react: `export { createRoot, hydrateRoot } from 'react-dom/client';
export { StrictMode, Suspense, lazy, useState, useEffect } from 'react';
export { jsx, jsxs } from 'react/jsx-runtime';`,
  dataRouter: `export { createBrowserRouter, Link, Outlet, RouterProvider, useLocation, useParams, useSearchParams } from 'react-router';`,
  declarativeRouter: `export { BrowserRouter, Routes, Route, Link, Outlet, useLocation, useParams, useSearchParams } from 'react-router';`,
  query: `export { QueryClient, QueryClientProvider, hydrate, useQuery } from '@tanstack/react-query';`,
  i18n: `export { default as i18next } from 'i18next';
export { initReactI18next, useTranslation } from 'react-i18next';`,
} as const;

type Part = keyof typeof PARTS;

export interface Stack {
  name: string;
  parts: readonly Part[];
}

/** The stack the web app uses (docs/product/system.md): the floor under the first-view budget. */
export const APP_STACK: Stack = {
  name: 'React + data router + TanStack Query + react-i18next (the stack)',
  parts: ['react', 'dataRouter', 'query', 'i18n'],
};

/** The app's stack, what it is made of, and the alternative of a declarative router. */
export const STACKS: readonly Stack[] = [
  { name: 'React 19 (react, react-dom, scheduler)', parts: ['react'] },
  { name: 'React + React Router (data router)', parts: ['react', 'dataRouter'] },
  APP_STACK,
  {
    name: 'the same with the declarative router instead',
    parts: ['react', 'declarativeRouter', 'query', 'i18n'],
  },
];

/** An entry module that exists only in memory, placed in apps/web so packages resolve from there. */
function entryPlugin(id: string, code: string): Plugin {
  return {
    name: 'stack-floor-entry',
    resolveId: (source) => (source === id ? id : undefined),
    load: (loaded) => (loaded === id ? code : undefined),
  };
}

/** The stack's gzipped bytes (level 9, as web-size.ts compresses the app's files). */
export async function stackFloorBytes(stack: Stack): Promise<number> {
  const id = join(webRoot, 'src', '__stack-floor-entry.js');
  const output = (await build({
    root: webRoot,
    configFile: false,
    logLevel: 'silent',
    plugins: [entryPlugin(id, stack.parts.map((part) => PARTS[part]).join('\n'))],
    build: {
      write: false,
      minify: true,
      modulePreload: false,
      rolldownOptions: { input: id, preserveEntrySignatures: 'strict' },
    },
  })) as Rollup.RollupOutput | Rollup.RollupOutput[];
  const chunks = [output]
    .flat()
    .flatMap((result) => result.output)
    .filter((file): file is Rollup.OutputChunk => file.type === 'chunk');
  return chunks.reduce((sum, chunk) => sum + gzipSync(chunk.code, { level: 9 }).length, 0);
}
