/**
 * zod 4 probes `new Function('')` once to see whether it may compile its parsers; the CSP
 * (`script-src 'self'`, no 'unsafe-eval') blocks that and Chromium reports it as an issue. The
 * setting must be in place before the first object schema is built. zod keeps its settings on
 * `globalThis.__zod_globalConfig` and adopts an object already there (zod PR #5889), so the entry
 * sets it without importing zod: the first view loads no zod at all, and every chunk that later
 * builds schemas finds the setting. zod-jitless.test.ts checks that the installed zod reads it.
 * The server keeps the compiled parsers.
 */
interface ZodGlobal {
  __zod_globalConfig?: { jitless?: boolean };
}

// Mutated, not replaced: a zod already loaded (a test runner's) keeps a reference to the object.
((globalThis as ZodGlobal).__zod_globalConfig ??= {}).jitless = true;

export {};
