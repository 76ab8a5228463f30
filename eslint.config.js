import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Every folder under features/ is a feature, so a new one is inside the boundaries unasked.
const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const serverSrc = './apps/server/src';

/** A server module or adapter is entered through its index.js, never past it. */
function serverImportPatterns({ forTables = false } = {}) {
  const allowed = forTables ? '(?:[^/]+/)*index\\.js$|schema\\.js$' : '(?:[^/]+/)*index\\.js$';
  return [
    {
      regex: '^\\.\\./(\\.\\./)*modules/[^/]+/(?!index\\.js$).+',
      message: 'Import another module through its index.js, not its internals.',
    },
    {
      // Table files may use the column checks without loading the database driver (drizzle-kit
      // reads them on their own).
      regex: forTables
        ? '^(\\.\\./)+infra/(?!db/checks\\.js$)[^/]+/(?!index\\.js$).+'
        : '^(\\.\\./)+infra/[^/]+/(?!index\\.js$).+',
      message: 'Import an adapter through its index.js, not its internals.',
    },
    {
      // The index.js may sit deeper (../infra/db/index.js): each adapter has its own.
      regex: `^\\.\\./(?!\\.\\.)[^/]+/(?!${allowed}).+`,
      message: 'Import a sibling module through its index.js, not its internals.',
    },
  ];
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'apps/server/drizzle/**',
      'e2e/output/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/ignore': ['node_modules'],
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // Sources import `./x.js` (NodeNext) or `./x` (Vite) for a file that is `x.ts` or `x.tsx`.
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Bulletproof-react boundaries: features do not import each other; shared code imports no feature.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...webFeatures.map((feature) => ({
              target: `./apps/web/src/features/${feature}`,
              from: './apps/web/src/features',
              except: [`./${feature}`],
              message: 'A feature must not import another feature; compose them in src/app.',
            })),
            {
              target: ['./apps/web/src/lib', './apps/web/src/components'],
              from: ['./apps/web/src/features', './apps/web/src/app'],
              message: 'Shared code must not import features or the app.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: serverImportPatterns() }],
    },
  },
  {
    // Layers: tests may cross them (an adapter's test may build the whole app).
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: `${serverSrc}/infra`,
              from: [`${serverSrc}/modules`, `${serverSrc}/http`],
              message: 'An adapter knows no module and no route: the caller passes what it needs.',
            },
            {
              target: `${serverSrc}/lib`,
              from: [`${serverSrc}/modules`, `${serverSrc}/http`, `${serverSrc}/infra`],
              message: 'lib/ is shared by every layer, so it imports none of them.',
            },
          ],
        },
      ],
    },
  },
  {
    // The domain: a module's rules know nothing of HTTP; only its plugin and route files do.
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/module.ts', '**/*routes.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...serverImportPatterns(),
            {
              regex: '^(\\.\\./)+http/',
              message: 'Domain code must not import http/: throw an AppError (lib/) instead.',
            },
          ],
        },
      ],
    },
  },
  {
    // A table may reference another module's table (a foreign key); tables import no module code.
    files: ['apps/server/src/modules/*/schema.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: serverImportPatterns({ forTables: true }) }],
    },
  },
);
