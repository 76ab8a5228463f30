import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

// Unit tests are `*.test.ts(x)`; integration tests that need a database are `*.int.test.ts`.
// The `source` condition makes workspace packages resolve to their TypeScript sources.
// No 'import' here: Vitest passes these to Node as --conditions for external packages, and Node
// then resolves require() of dual packages (pg -> pg-pool) to their ESM build. No 'module' either:
// it names bundler builds, and the AWS SDK's (extension-less imports) do not load in Node; without
// it a package resolves as `node dist/main.js` resolves it in production.
const resolve = { conditions: ['source', 'node', 'default'] };

/**
 * Integration files that take 15 to 90 s, longest first: small files running long property tests.
 * Without timings from an earlier run (a clean clone, as on CI) Vitest starts the largest files
 * first, so these came last and one worker ran alone for the final 90 s.
 */
const SLOW_FILES = [
  'http/fuzz-valid-accounts.int.test.ts',
  'http/fuzz-valid.int.test.ts',
  'ledger/invariants.int.test.ts',
  'http/fuzz-invalid-more.int.test.ts',
  'crash-recovery.int.test.ts',
  'generation/lifecycle.int.test.ts',
  'ledger/invariants-http.int.test.ts',
  'generation/durability.int.test.ts',
  'db/postgres-pool.int.test.ts',
  'http/fuzz.int.test.ts',
];

/** Vitest's order (timings of the last run when known), with the known slow files first. */
class SlowFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = SLOW_FILES.findIndex((slow) => file.moduleId.endsWith(slow));
      return index === -1 ? SLOW_FILES.length : index;
    };
    const position = new Map(sorted.map((file, index) => [file, index]));
    const byProject = (a: TestSpecification, b: TestSpecification) =>
      (position.get(a) ?? 0) - (position.get(b) ?? 0);
    return [...sorted].sort((a, b) =>
      a.project.name === b.project.name ? rank(a) - rank(b) || byProject(a, b) : byProject(a, b),
    );
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: SlowFilesFirst },
    projects: [
      {
        resolve,
        ssr: { resolve: { conditions: resolve.conditions, externalConditions: ['source'] } },
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/*/src/**/*.test.{ts,tsx}',
            'apps/web/build-tools/**/*.test.ts',
            'bench/src/**/*.test.ts',
            // The repository's own checks: docs, references, links.
            'scripts/**/*.test.ts',
          ],
          exclude: ['**/*.int.test.ts', '**/*.load.test.ts', '**/node_modules/**'],
          // Vitest's default on two cores is one worker; most of a file's time is waiting on jsdom
          // and imports, so two halve the run (80 s to 50 s here).
          maxWorkers: 2,
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
          // Files share a worker's modules instead of importing the server again each (124 s of
          // imports per run). Safe because every file builds its own app and database; a test
          // that fakes timers puts them back after itself.
          isolate: false,
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
