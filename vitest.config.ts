import { defineConfig } from 'vitest/config';

// Unit tests are `*.test.ts(x)`; integration tests that need a database are `*.int.test.ts`.
// The `source` condition makes workspace packages resolve to their TypeScript sources.
// No 'import' here: Vitest passes these to Node as --conditions for external packages, and Node
// then resolves require() of dual packages (pg -> pg-pool) to their ESM build.
const resolve = { conditions: ['source', 'module', 'node', 'default'] };

export default defineConfig({
  test: {
    projects: [
      {
        resolve,
        ssr: { resolve: { conditions: resolve.conditions, externalConditions: ['source'] } },
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/*/src/**/*.test.{ts,tsx}',
            'bench/src/**/*.test.ts',
          ],
          exclude: ['**/*.int.test.ts', '**/*.load.test.ts', '**/node_modules/**'],
          // Component tests render whole pages in jsdom: 5 s is tight when the machine is busy.
          testTimeout: 15_000,
        },
      },
      {
        resolve,
        ssr: { resolve: { conditions: resolve.conditions, externalConditions: ['source'] } },
        test: {
          name: 'integration',
          include: ['apps/server/src/**/*.int.test.ts'],
          // Each file gets its own database; two at a time suits a 2-core machine.
          maxWorkers: 2,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          globalSetup: ['apps/server/src/test/global-setup.ts'],
        },
      },
      {
        resolve,
        ssr: { resolve: { conditions: resolve.conditions, externalConditions: ['source'] } },
        test: {
          // Issue 9, point 3: a minute of load on the built server; alone, after the build.
          name: 'load',
          include: ['bench/src/**/*.load.test.ts'],
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
