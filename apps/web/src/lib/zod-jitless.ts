import { config } from 'zod';

/**
 * zod 4 probes `new Function('')` once to see whether it may compile its parsers; the CSP
 * (`script-src 'self'`, no 'unsafe-eval') blocks that and Chromium reports it as an issue. The
 * probe runs when the first object schema is built, so this must run before any: vite.config.ts
 * puts this module in the `zod` chunk, which every chunk building schemas imports and which is
 * therefore evaluated before them. The server keeps the compiled parsers.
 */
config({ jitless: true });
