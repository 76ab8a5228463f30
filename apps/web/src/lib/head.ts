import { useEffect } from 'react';
import { renderScope } from './render-scope';
import { useServerHead } from './page-head';

/**
 * Per-page `<meta>` tags in the document head (description, Open Graph). A page sets them while it
 * is shown; on leave each tag gets back the content it had before, and tags the page added are
 * removed, so the next page never inherits another page's description or preview image.
 */

export interface MetaTag {
  /** `name` for standard tags (description), `property` for Open Graph (og:title). */
  attribute: 'name' | 'property';
  key: string;
  content: string;
}

export interface PageMeta {
  description: string;
  openGraph?: { title: string; description: string; image?: string; type: string };
}

export function metaTagsFor({ description, openGraph }: PageMeta): MetaTag[] {
  const tags: MetaTag[] = [{ attribute: 'name', key: 'description', content: description }];
  if (openGraph) {
    const og = (key: string, content: string): MetaTag => ({
      attribute: 'property',
      key: `og:${key}`,
      content,
    });
    tags.push(og('title', openGraph.title), og('description', openGraph.description));
    tags.push(og('type', openGraph.type));
    if (openGraph.image) tags.push(og('image', openGraph.image));
  }
  return tags;
}

/** Applies the tags to `head` and returns the function that undoes exactly that. */
export function applyMetaTags(head: HTMLHeadElement, tags: readonly MetaTag[]): () => void {
  const undo = tags.map(({ attribute, key, content }) => {
    // The keys are this module's own constants (description, og:title): nothing to escape.
    const existing = head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
    if (existing) {
      const previous = existing.content;
      existing.content = content;
      return () => {
        existing.content = previous;
      };
    }
    const added = document.createElement('meta');
    added.setAttribute(attribute, key);
    added.content = content;
    head.append(added);
    return () => added.remove();
  });
  return () => {
    for (const step of undo.reverse()) step();
  };
}

/** Sets the page's meta tags while the component is mounted; `null` leaves the head alone. */
export function usePageMeta(meta: PageMeta | null): void {
  useServerHead(meta === null ? {} : { meta });
  // One string as the effect's dependency: a new object with the same content changes nothing.
  const serialized = meta === null ? null : JSON.stringify(metaTagsFor(meta));
  useEffect(() => {
    if (serialized === null) return undefined;
    return applyMetaTags(document.head, JSON.parse(serialized) as MetaTag[]);
  }, [serialized]);
}

/** An absolute address for a tag that is read outside the page (og:image). */
export function absoluteUrl(path: string): string {
  const origin = import.meta.env.SSR ? renderScope()?.origin : window.location.origin;
  return new URL(path, origin).href;
}
