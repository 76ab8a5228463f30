import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The modules whose values the web's first views import (docs/architecture.md, "Resolution of the
 * contract package"): neither they nor anything they import may build a zod schema, or the home,
 * gallery and picture pages load zod again.
 */
const ZOD_FREE_MODULES = [
  'enums.ts',
  'money-format.ts',
  'errors.ts',
  'constants.ts',
  'routes.ts',
  'api-paths.ts',
  'offer-constants.ts',
  'account-constants.ts',
  'two-step-constants.ts',
  'cart.ts',
  'messages.ts',
  'email-verification-constants.ts',
  'order-messages.ts',
  'vat.ts',
  'generation-events.ts',
  'password-words.ts',
  'passkey-constants.ts',
  'privacy-constants.ts',
  'reauthentication-constants.ts',
];

const source = (module: string) => readFileSync(new URL(module, import.meta.url), 'utf8');

/** Local modules a module imports values from (type-only imports are erased and do not count). */
function valueImports(module: string): string[] {
  const imports = source(module).matchAll(/^import (?!type )[^;]*? from '\.\/([\w-]+)\.js';$/gms);
  return [...imports].map((match) => `${match[1]}.ts`);
}

describe('zod-free contract modules', () => {
  it.each(ZOD_FREE_MODULES)('%s imports no zod, directly or through another module', (module) => {
    const seen = new Set<string>();
    const pending = [module];
    for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
      if (seen.has(next)) continue;
      seen.add(next);
      expect(source(next), `${next}, reached from ${module}`).not.toMatch(/from 'zod'/);
      pending.push(...valueImports(next));
    }
  });
});
