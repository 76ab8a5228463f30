import { createContext, useContext } from 'react';
import type { PageMeta } from './head';

/**
 * What a page says about itself for the document's head: its title, description and preview, and
 * its structured data. In the browser the hooks of use-document-title.ts and head.ts apply these
 * to the document; on the server they are written here while the page renders, and the server
 * entry puts them into the HTML's head.
 */
export interface PageHead {
  /** The whole tab title ("Page · Pictura"). */
  title?: string;
  meta?: PageMeta;
  /** The preview image (absolute) for a page whose `meta` names none: a gallery's first picture. */
  image?: string;
  /** schema.org objects, each sent as one JSON-LD block. */
  structuredData?: readonly object[];
}

/** Provided by the server render only; `null` in the browser. */
export const PageHeadContext = createContext<PageHead | null>(null);

/**
 * Records part of the page's head during a server render. A page renders once there, so writing
 * during render is safe; in the browser there is no collector and this does nothing.
 */
export function useServerHead(part: PageHead): void {
  const collected = useContext(PageHeadContext);
  if (collected) Object.assign(collected, part);
}
