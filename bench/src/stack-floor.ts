// `npm run floor -w bench`: how much gzipped JavaScript the web app's libraries cost before one line
// of Pictura, bundled and minified by the web build's own Vite, each stack in one file (no chunk
// overhead). It answers whether the 120 kB first-view budget can be met with the stack DESIGN.md
// fixes (React, React Router, TanStack Query, react-i18next): see docs/decisions/performance.md,
// "The 120 kB budget is out of reach with this stack".
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Plugin, type Rollup } from 'vite';

const webRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'apps', 'web');

/** The least each library's first-view use imports (what the layout, home and gallery call). */
const PARTS = {
  react: `export { createRoot } from 'react-dom/client';
export { StrictMode, Suspense, lazy, useState, useEffect } from 'react';
export { jsx, jsxs } from 'react/jsx-runtime';`,
  dataRouter: `export { createBrowserRouter, Link, Outlet, useLocation, useParams, useSearchParams } from 'react-router';
export { RouterProvider } from 'react-router/dom';`,
  declarativeRouter: `export { BrowserRouter, Routes, Route, Link, Outlet, useLocation, useParams, useSearchParams } from 'react-router';`,
  query: `export { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';`,
  i18n: `export { default as i18next } from 'i18next';
export { initReactI18next, useTranslation } from 'react-i18next';`,
} as const;

type Part = keyof typeof PARTS;

const STACKS: readonly { name: string; parts: readonly Part[] }[] = [
  { name: 'React 19 (react, react-dom, scheduler)', parts: ['react'] },
  { name: 'React + React Router (data router)', parts: ['react', 'dataRouter'] },
  {
    name: 'React + data router + TanStack Query + react-i18next (the stack)',
    parts: ['react', 'dataRouter', 'query', 'i18n'],
  },
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

async function gzippedBytes(parts: readonly Part[]): Promise<number> {
  const id = join(webRoot, 'src', '__stack-floor-entry.js');
  const output = (await build({
    root: webRoot,
    configFile: false,
    logLevel: 'silent',
    plugins: [entryPlugin(id, parts.map((part) => PARTS[part]).join('\n'))],
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

const BUDGET_KB = 120;
console.log(`| libraries, before any Pictura code | gzip | share of the ${BUDGET_KB} kB budget |`);
console.log('| --- | ---: | ---: |');
for (const { name, parts } of STACKS) {
  const kb = (await gzippedBytes(parts)) / 1024;
  console.log(`| ${name} | ${kb.toFixed(1)} kB | ${((kb / BUDGET_KB) * 100).toFixed(0)} % |`);
}
