// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { applyMetaTags, metaTagsFor } from './head';

// Meta tags are read by crawlers and link previews, not shown: no role reaches them.
const content = (selector: string) =>
  document.head.querySelector<HTMLMetaElement>(selector)?.content ?? null;

afterEach(() => {
  document.head.innerHTML = '';
});

describe('page meta tags', () => {
  it('sets description and Open Graph tags, then restores the head exactly', () => {
    document.head.innerHTML = '<meta name="description" content="The shop">';
    const undo = applyMetaTags(
      document.head,
      metaTagsFor({
        description: 'A red fox',
        openGraph: {
          title: 'Fox',
          description: 'A red fox',
          image: 'https://x.test/fox.webp',
          type: 'website',
        },
      }),
    );
    expect(content('meta[name="description"]')).toBe('A red fox');
    expect(content('meta[property="og:title"]')).toBe('Fox');
    expect(content('meta[property="og:description"]')).toBe('A red fox');
    expect(content('meta[property="og:image"]')).toBe('https://x.test/fox.webp');
    expect(content('meta[property="og:type"]')).toBe('website');

    undo();
    expect(document.head.innerHTML).toBe('<meta name="description" content="The shop">');
  });

  it('leaves out og:image when there is no image', () => {
    const tags = metaTagsFor({
      description: 'd',
      openGraph: { title: 't', description: 'd', type: 'website' },
    });
    expect(tags.map((tag) => tag.key)).toEqual([
      'description',
      'og:title',
      'og:description',
      'og:type',
    ]);
  });
});
