import type { Plugin } from 'vite';

const ENTRY_SCRIPT = '<script type="module" ';
const MODULE_PRELOAD = '<link rel="modulepreload" ';

/**
 * Gives index.html's entry script (src/boot.ts) and the preloads of its imports
 * `fetchpriority="low"`. A server-rendered page is complete without them, and the entry only waits
 * for that page to be on screen before it loads the app; at low priority they stay behind the
 * stylesheets and the largest picture, and browsers (and Lighthouse's model of a phone) count them
 * as no part of the first paint (docs/decisions/rendering/when-the-code-loads.md). Vite writes
 * these tags itself and drops an attribute given in index.html, hence a step after its own.
 */
export function lowPriorityEntry(): Plugin {
  return {
    name: 'pictura:low-priority-entry',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const scripts = html.split(ENTRY_SCRIPT).length - 1;
        if (scripts !== 1)
          throw new Error(`index.html should have one module script, not ${scripts}`);
        return html
          .replace(ENTRY_SCRIPT, `${ENTRY_SCRIPT}fetchpriority="low" `)
          .replaceAll(MODULE_PRELOAD, `${MODULE_PRELOAD}fetchpriority="low" `);
      },
    },
  };
}
