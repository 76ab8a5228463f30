import { describe, expect, it } from 'vitest';
import { licenceText, type LicenceDetails } from './licence.js';

const details: LicenceDetails = {
  artworkId: 7,
  title: 'Red Fox',
  pictureUrl: 'https://shop.example/gallery/picture/red-fox',
  style: 'Nature',
  description: 'A fox in the snow.',
  prompt: 'red fox, winter forest',
  publishedAt: new Date('2025-01-02T10:00:00Z'),
  kind: 'full',
  orderId: 42,
  purchasedAt: new Date('2025-03-04T23:30:00Z'),
  buyerName: 'Ann Lee',
  buyerEmail: 'ann@example.com',
};

describe('licenceText', () => {
  it("states the picture's provenance, the licence, the buyer, the order and the date", () => {
    const text = licenceText(details);

    expect(text).toContain('Artwork:       Red Fox');
    expect(text).toContain('Style:         Nature');
    expect(text).toContain('Prompt:        red fox, winter forest');
    expect(text).toContain('Licence:       Full licence (commercial use)');
    expect(text).toContain('Licensee:      Ann Lee <ann@example.com>');
    expect(text).toContain('Order:         42');
    expect(text).toContain('Purchased on:  2025-03-04 (UTC)');
    expect(text).toMatch(/commercial purposes/);
  });

  it('gives a standard variant personal use only, and leaves an unknown prompt out', () => {
    const text = licenceText({ ...details, kind: 'standard', prompt: '' });

    expect(text).toContain('Licence:       Standard licence (personal use)');
    expect(text).toMatch(/personal,\s+non-commercial use/);
    expect(text).not.toContain('Prompt:');
  });
});
