import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

/** The class selectors of a stylesheet's source, each once, in the order they first appear. */
export function classesOf(source: string): string[] {
  const withoutComments = source.replace(/\/\*[\s\S]*?\*\//g, '');
  return [
    ...new Set([...withoutComments.matchAll(/\.(-?[A-Za-z_][\w-]*)/g)].map(([, name]) => name!)),
  ];
}

/** Where the file is, as letters and digits: the same on every machine that builds the app. */
function filePrefix(root: string, filename: string): string {
  const path = relative(root, filename).split('\\').join('/');
  const letters = createHash('sha256').update(path).digest('base64').replace(/[+/=]/g, '');
  return `_${letters.slice(0, 5)}`;
}

/**
 * CSS modules' `generateScopedName` for builds: a file's classes become `_` and five letters of
 * the file's path's hash, then the class's place in the file (`_Xk3pQ0`, `_Xk3pQ1`), rather than
 * Vite's `_menuButton_1kq2x_12`. Each name is written twice more in the JavaScript (the module's
 * object maps every class to its name) and once in the server's HTML: the short names took
 * 0.3 kB (gzip) off each first view's JavaScript
 * (docs/decisions/performance/the-first-views-back-under-25-kb-after-the-take-over.md). Read from
 * the file itself, so that the server's build and the browser's, which must agree, name a class
 * alike whatever each has done to the stylesheet by then. The dev server keeps Vite's readable
 * names.
 */
export function shortClassNames(root: string): (name: string, filename: string) => string {
  const files = new Map<string, { prefix: string; classes: string[] }>();
  const owners = new Map<string, string>();
  return (name, filename) => {
    const file = filename.split('?')[0]!;
    let known = files.get(file);
    if (!known) {
      known = { prefix: filePrefix(root, file), classes: classesOf(readFileSync(file, 'utf8')) };
      // Two files with one prefix would share names: refuse rather than mix their styles.
      const owner = owners.get(known.prefix);
      if (owner !== undefined && owner !== file) {
        throw new Error(`${file} and ${owner} have the same class prefix ${known.prefix}`);
      }
      owners.set(known.prefix, file);
      files.set(file, known);
    }
    const index = known.classes.indexOf(name);
    // A class the source does not spell out as a selector keeps its name, after the prefix.
    return index < 0 ? `${known.prefix}_${name}` : `${known.prefix}${index.toString(36)}`;
  };
}
