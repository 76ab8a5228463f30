import type { PageHead } from '../lib/page-head';

/** Text for an HTML attribute or element: nothing from the database can close the tag. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** What stands for each character that could end a `<script>` element's JSON early. */
const SCRIPT_ESCAPES: Readonly<Record<string, string>> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * JSON inside a `<script>` element: `</script>` and the like cannot end it early. One pass over the
 * text (a page's payload is some 10 to 60 kB), not one per character escaped.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (found) => SCRIPT_ESCAPES[found] ?? found,
  );
}

export interface HeadDefaults {
  /** The page's address without what does not change its content (filters, tracking). */
  canonicalUrl: string;
  /** The shop's description, for a page that has none of its own. */
  description: string;
  /** The shop's preview image (absolute), for a page without a picture of its own. */
  image: string;
  siteName: string;
  /** `og:locale`, such as `es_ES`. */
  ogLocale: string;
}

/**
 * The page's own head tags: what link previews (chat apps, social networks) and crawlers read.
 * Every value is escaped; structured data goes in JSON-LD blocks, which are data, not script, so
 * the CSP's `script-src 'self'` does not apply to them.
 */
export function headHtml(head: PageHead, defaults: HeadDefaults): string {
  const title = head.title ?? defaults.siteName;
  const description = head.meta?.description ?? defaults.description;
  const graph = head.meta?.openGraph;
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', description),
    `<link rel="canonical" href="${escapeHtml(defaults.canonicalUrl)}" />`,
    meta('property', 'og:site_name', defaults.siteName),
    meta('property', 'og:locale', defaults.ogLocale),
    meta('property', 'og:url', defaults.canonicalUrl),
    meta('property', 'og:type', graph?.type ?? 'website'),
    meta('property', 'og:title', graph?.title ?? title),
    meta('property', 'og:description', graph?.description ?? description),
    meta('property', 'og:image', graph?.image ?? head.image ?? defaults.image),
    meta('name', 'twitter:card', 'summary_large_image'),
    ...(head.structuredData ?? []).map(
      (data) => `<script type="application/ld+json">${jsonForScript(data)}</script>`,
    ),
  ];
  return tags.join('\n    ');
}
