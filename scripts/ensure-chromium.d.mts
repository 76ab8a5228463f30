// Types for the TypeScript that imports the browsers' paths (the e2e config, the bench).
/** Debian's full Chromium: what Lighthouse runs, as a phone runs its browser. */
export const CHROMIUM_PATH: string;
/** Debian's headless shell of Chromium: what the end-to-end journeys run. */
export const CHROMIUM_HEADLESS_SHELL_PATH: string;
/** Installs the Debian packages the browser and receipt tests need when any is missing. */
export function ensureChromium(): void;
