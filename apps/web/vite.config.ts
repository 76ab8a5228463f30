import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { releaseFiles, resolveBuildId } from './build-tools/release-files.ts';

const buildId = resolveBuildId(process.env.BUILD_ID);

export default defineConfig({
  plugins: [react(), releaseFiles(buildId)],
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
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Libraries change less often than our code: a separate chunk stays cached across releases.
        codeSplitting: {
          groups: [
            // Except zxcvbn's dictionaries (about 1.5 MB), loaded only by the sign-up page's hint.
            { name: 'vendor', test: /[\\/]node_modules[\\/](?!@zxcvbn-ts[\\/])/ },
            { name: 'contract', test: /[\\/]packages[\\/]contract[\\/]/ },
          ],
        },
      },
    },
  },
});
