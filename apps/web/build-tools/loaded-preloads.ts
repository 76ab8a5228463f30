import type { Plugin, Rollup } from 'vite';

/**
 * Next to each dynamic import Vite writes the files to preload with it: every chunk the imported
 * chunk imports, transitively, also those that the importing chunk imports itself. Those have run
 * before any line of the importer (a module runs after its static imports), so preloading them
 * again does nothing, yet their hashed names were part of the first view's JavaScript: the route
 * table's and the layout's lazy parts named React, the framework and the app chunk each time.
 *
 * `plugin` notes the bundle before Vite writes those lists; `withoutLoaded` is for
 * `build.modulePreload.resolveDependencies`, and drops the files the importer has loaded already.
 */
export function loadedPreloads(): {
  plugin: Plugin;
  withoutLoaded: (deps: string[], host: string) => string[];
} {
  let bundle: Rollup.OutputBundle | undefined;
  const closures = new Map<string, Set<string>>();

  /** The chunks `file` imports statically, transitively. */
  const staticImports = (file: string): Set<string> => {
    const known = closures.get(file);
    if (known) return known;
    const found = new Set<string>();
    const pending = [file];
    for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
      const chunk = bundle?.[next];
      if (chunk?.type !== 'chunk') continue;
      for (const imported of chunk.imports) {
        if (found.has(imported)) continue;
        found.add(imported);
        pending.push(imported);
      }
    }
    closures.set(file, found);
    return found;
  };

  return {
    plugin: {
      name: 'pictura:loaded-preloads',
      apply: 'build',
      generateBundle: {
        // Before vite:build-import-analysis, whose own generateBundle writes the lists.
        order: 'pre',
        handler(_options, output) {
          bundle = output;
          closures.clear();
        },
      },
    },
    withoutLoaded: (deps, host) => {
      // Without the bundle nothing is known to have loaded: keep every file.
      if (!bundle) return deps;
      const loaded = staticImports(host);
      return deps.filter((dep) => !loaded.has(dep));
    },
  };
}
