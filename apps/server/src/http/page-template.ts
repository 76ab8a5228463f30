import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** What the web build's server module renders for one page (apps/web/src/entry-server.tsx). */
export interface RenderedParts {
  lang: string;
  /** The page's own head tags: title, description, canonical, previews, structured data. */
  headHtml: string;
  /** The styles and code of the page's modules, after index.html's own. */
  assetsHtml: string;
  /** The app's markup, for inside `#root`. */
  html: string;
  /** JSON safe to put inside a `<script>` element. */
  payload: string;
}

/** The id main.tsx reads the payload from (apps/web/src/ssr/render-payload.ts). */
const RENDER_DATA_ID = 'render-data';

const LANG = /<html lang="[^"]*">/;
/** index.html's generic title and description, which each page replaces with its own. */
const GENERIC_HEAD = /<title>[^<]*<\/title>\s*<meta\s+name="description"\s+content="[^"]*"\s*\/>/;
const ROOT = '<div id="root"></div>';
const HEAD_END = '</head>';

/**
 * The web build's index.html (its scripts and styles, hashed by the build), cut where a rendered
 * page goes in. Cut once at start, so that a page answer is a few string joins; a build without
 * the expected places fails the start rather than every page.
 */
export function loadPageTemplate(distDir: string): (parts: RenderedParts) => string {
  const source = readFileSync(join(distDir, 'index.html'), 'utf8');
  const lang = LANG.exec(source);
  const head = GENERIC_HEAD.exec(source);
  const headEnd = source.indexOf(HEAD_END);
  const root = source.indexOf(ROOT);
  const inOrder = lang && head && lang.index < head.index && head.index < headEnd && headEnd < root;
  if (!lang || !head || !inOrder) {
    throw new Error(
      'the web build’s index.html lacks <html lang>, the title and description, or #root',
    );
  }
  const beforeLang = source.slice(0, lang.index);
  const beforeHead = source.slice(lang.index + lang[0].length, head.index);
  const beforeHeadEnd = source.slice(head.index + head[0].length, headEnd);
  const beforeRoot = source.slice(headEnd, root);
  const afterRoot = source.slice(root + ROOT.length);
  return ({ lang: language, headHtml, assetsHtml, html, payload }) =>
    `${beforeLang}<html lang="${language}">${beforeHead}${headHtml}${beforeHeadEnd}` +
    `  ${assetsHtml}\n  ${beforeRoot}<div id="root">${html}</div>` +
    `<script type="application/json" id="${RENDER_DATA_ID}">${payload}</script>${afterRoot}`;
}
