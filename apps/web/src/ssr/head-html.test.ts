import { describe, expect, it } from 'vitest';
import { headHtml, jsonForScript, type HeadDefaults } from './head-html';

const DEFAULTS: HeadDefaults = {
  canonicalUrl: 'https://shop.example/gallery?page=2',
  description: 'The shop.',
  image: 'https://shop.example/share-card.png',
  siteName: 'Pictura',
  ogLocale: 'es_ES',
};

const HOSTILE = '</script><script>alert(1)</script> "quoted" & <b>';

describe('the head of a rendered page', () => {
  it('has the title, description, canonical address and previews, falling back to the shop', () => {
    const html = headHtml({ title: 'Gallery · Pictura' }, DEFAULTS);
    expect(html).toContain('<title>Gallery · Pictura</title>');
    expect(html).toContain('<meta name="description" content="The shop." />');
    expect(html).toContain('<link rel="canonical" href="https://shop.example/gallery?page=2" />');
    expect(html).toContain('<meta property="og:title" content="Gallery · Pictura" />');
    expect(html).toContain(
      '<meta property="og:image" content="https://shop.example/share-card.png" />',
    );
    expect(html).toContain('<meta property="og:type" content="website" />');
    expect(html).toContain('<meta property="og:locale" content="es_ES" />');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
  });

  it("prefers the page's own description and picture", () => {
    const html = headHtml(
      {
        title: 'Fox · Pictura',
        meta: {
          description: 'A fox.',
          openGraph: {
            title: 'Fox',
            description: 'A red fox.',
            image: 'https://x/1.webp',
            type: 'website',
          },
        },
        image: 'https://x/grid.webp',
      },
      DEFAULTS,
    );
    expect(html).toContain('<meta name="description" content="A fox." />');
    expect(html).toContain('<meta property="og:description" content="A red fox." />');
    expect(html).toContain('<meta property="og:image" content="https://x/1.webp" />');
    expect(headHtml({ image: 'https://x/grid.webp' }, DEFAULTS)).toContain(
      '<meta property="og:image" content="https://x/grid.webp" />',
    );
  });

  it('escapes every text, and keeps structured data inert and exact', () => {
    const html = headHtml(
      { title: HOSTILE, meta: { description: HOSTILE }, structuredData: [{ name: HOSTILE }] },
      DEFAULTS,
    );
    expect(html).not.toContain('<script>alert');
    expect(html).not.toMatch(/<\/script><script>/);
    expect(html).toContain(
      '<title>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &quot;quoted&quot; &amp; &lt;b&gt;</title>',
    );
    const block = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(JSON.parse(block)).toEqual({ name: HOSTILE });
  });
});

describe('JSON for a script element', () => {
  it('cannot end the element, and parses back to the same value', () => {
    const value = { text: `${HOSTILE} \u2028 \u2029 <!-- -->` };
    const json = jsonForScript(value);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(value);
  });
});
