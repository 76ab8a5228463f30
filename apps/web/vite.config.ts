import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { loadedPreloads } from './build-tools/loaded-preloads.ts';
import { lowPriorityEntry } from './build-tools/low-priority-entry.ts';
import { releaseFiles, resolveBuildId } from './build-tools/release-files.ts';
import { shortClassNames } from './build-tools/short-class-names.ts';

const buildId = resolveBuildId(process.env.BUILD_ID);

/** Matches modules of the named packages (names are regular expressions) under node_modules. */
function library(...names: string[]): RegExp {
  return new RegExp(`[\\\\/]node_modules[\\\\/](${names.join('|')})[\\\\/]`);
}

const FRAMEWORK = library('react-router', '@tanstack/[^\\/]+', 'i18next', 'react-i18next');
const TRANS = /[\\/]react-i18next[\\/]dist[\\/]es[\\/]Trans/;
/** TanStack Query's mutations and parallel queries: only later pages (forms, the wallet) use them. */
const LATER_QUERY_PARTS =
  /[\\/]@tanstack[\\/](react-query|query-core)[\\/]build[\\/]modern[\\/](useMutation|mutationObserver|useQueries|queriesObserver)\./;

/** Shared modules of the first views, under apps/web/src (see the `app` chunk below). */
const FIRST_VIEW_SHARED = new RegExp(
  [
    // The base styles: in the entry's own chunk their CSS came after this chunk's, and so a base rule
    // (`.button { display: inline-flex }`) beat a component's (`.menuButton { display: none }`).
    // Here they come first, as main.tsx imports them first.
    String.raw`[\\/]src[\\/]styles[\\/]`,
    // Not form-validation, which brings react-hook-form's resolvers along, nor what only later
    // pages use (downloads, payments' idempotency keys, the two-step status of account settings,
    // the translation of the server's messages with their tables, the passkey steps with their
    // zod schemas and WebAuthn library). A module caught here brings what it imports along.
    String.raw`[\\/]src[\\/]lib[\\/](?!form-validation\.|download\.|use-file-download\.|idempotency-key\.|api[\\/]get-two-step-status\.|api-error-text\.|server-messages\.|passkey-error-text\.|api[\\/]passkey-assertion\.|use-webauthn-support\.)`,
    // Not the currency switch's dialog, which loads when a visitor with a full cart asks for it.
    String.raw`[\\/]src[\\/]app[\\/](errors[\\/]|layout[\\/](?!currency-switch-dialog\.))`,
    String.raw`[\\/]src[\\/]components[\\/]page\.`,
    // The stores the layout reads (account, cart, consent), not checkout's, which only its pages use.
    String.raw`[\\/]src[\\/]features[\\/](?!checkout[\\/])[^\\/]+[\\/][^\\/]+-store\.ts$`,
    // Not the Content Credentials' query, which the panel loads with zod when it is opened.
    String.raw`[\\/]src[\\/]features[\\/]gallery[\\/](api[\\/](?!get-content-credentials\.)|filters|preview-sources)`,
    String.raw`[\\/]src[\\/]features[\\/]gallery[\\/]components[\\/](offer-(picture|grid|card)|query-states)`,
  ].join('|'),
);

/** Chunks a visitor's step loads after the first view, listed without their imports (below). */
const ON_DEMAND = /[\\/](content-credentials|reauthentication-dialog)-[\w-]+\.js$/;

/**
 * The server render's bundle (src/entry-server.tsx, see docs/decisions/rendering/README.md): one
 * module for Node, with libraries left as imports, written where the server looks for it. A
 * dot-directory of dist, so @fastify/static never serves it (`dotfiles: 'ignore'`).
 */
export const SSR_OUT_DIR = 'dist/.ssr';

/** Both builds name the CSS modules' classes alike: the server's HTML uses the browser's styles. */
const buildCss = { modules: { generateScopedName: shortClassNames(import.meta.dirname) } };

const ssrBuild = defineConfig({
  css: buildCss,
  plugins: [react()],
  // The public files are the browser build's to copy.
  publicDir: false,
  build: {
    outDir: SSR_OUT_DIR,
    emptyOutDir: true,
    // Same rule as the browser's build, so that the server writes the same asset addresses.
    assetsInlineLimit: 0,
    rolldownOptions: { output: { entryFileNames: 'entry-server.js' } },
  },
});

const preloads = loadedPreloads();

const browserBuild = defineConfig({
  plugins: [react(), lowPriorityEntry(), releaseFiles(buildId), preloads.plugin],
  // `source` makes @pictura/contract resolve to its TypeScript sources: no contract build in dev.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  preview: { port: 4173 },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    // The server's CSP is `script-src 'self'; style-src 'self'`: nothing may be inlined, not even as
    // data: URLs, and the module-preload polyfill is left out (every supported browser has it).
    assetsInlineLimit: 0,
    modulePreload: {
      polyfill: false,
      // The Content Credentials' chunk loads after the picture page's first view, and the
      // re-authentication dialog after a sensitive change, on a page that has loaded most of what
      // it imports (forms, zod): listing the chunks they import for preloading would add their
      // hashed names to the first views' JavaScript (the dialog's, 0.2 kB). The browser finds
      // them in the chunk instead, a round trip later. Nor is what the importing chunk has loaded
      // already listed (build-tools/loaded-preloads.ts).
      resolveDependencies: (file, deps, { hostId }) =>
        ON_DEMAND.test(file) ? [] : preloads.withoutLoaded(deps, hostId),
    },
    // bench/src/web-size.ts reads it to count each page's first view. The server does not serve it:
    // @fastify/static ignores dot-directories (apps/server/src/http/spa.ts, `dotfiles: 'ignore'`).
    manifest: true,
    rolldownOptions: {
      output: {
        // One chunk per library family rather than one `vendor` chunk: a page loads only the
        // libraries it uses (forms, zxcvbn and the back office's code stay out of the first view),
        // and libraries, changing less often than our code, stay cached across releases.
        codeSplitting: {
          groups: [
            // Vite's loader of a dynamic import's files, which the entry (src/boot.ts) calls before
            // anything else: on its own, so the entry does not pull the app's code in with it.
            { name: 'preload-helper', test: /vite[\\/]preload-helper/, priority: 1 },
            // React, then the other libraries every page runs in one chunk: Lighthouse's mobile model
            // (and a phone on HTTP/1.1) pays a round trip per six files, which cost more than finer
            // caching saved. Not all in one: a single 425 kB script is one long task to compile.
            { name: 'react', test: library('react', 'react-dom', 'scheduler') },
            {
              name: 'framework',
              // Not react-i18next's `Trans` (with its HTML parser), mutations or parallel queries:
              // only later pages use them.
              test: (id) => FRAMEWORK.test(id) && !TRANS.test(id) && !LATER_QUERY_PARTS.test(id),
            },
            { name: 'forms', test: library('react-hook-form', '@hookform/resolvers') },
            // Not in any first view: those check values without zod
            // (docs/decisions/performance/README.md).
            { name: 'zod', test: library('zod') },
            // Our modules that the layout and the three first views (home, gallery, picture) share:
            // left alone they became a dozen chunks of 1 to 2 kB, each a request before first paint.
            { name: 'app', test: FIRST_VIEW_SHARED },
          ],
        },
      },
    },
  },
});

export default defineConfig((env) => {
  if (env.isSsrBuild) return ssrBuild;
  // The dev server keeps Vite's readable class names.
  return env.command === 'build' ? { ...browserBuild, css: buildCss } : browserBuild;
});
