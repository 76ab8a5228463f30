import type { PageModule } from './routes';

/**
 * The page modules of the routes (routes.tsx) beyond the first views, each its own chunk. This
 * module, with the list of files Vite preloads with each of them, loads on the way to the first.
 */
const pageModules = import.meta.glob<PageModule>(['./routes/**/*.tsx', '!./routes/**/*.test.tsx']);

/** Loads the page module src/app/routes/<name>.tsx. */
export function loadLaterPage(name: string): Promise<PageModule> {
  const load = pageModules[`./routes/${name}.tsx`];
  if (!load) return Promise.reject(new Error(`no page module src/app/routes/${name}.tsx`));
  return load();
}
