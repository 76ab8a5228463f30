import { describe, expect, it } from 'vitest';
import { createRenderReads } from './render-reads.js';

const at = (address: string) => new URL(address, 'http://render.invalid');

describe('render reads', () => {
  it("answer a registered path with its read's text, given the query as names and values", async () => {
    const reads = createRenderReads();
    const seen: object[] = [];
    reads.add('/api/offers/get-one', async (query) => {
      seen.push(query);
      return '{"id":1}';
    });
    expect(await reads.read(at('/api/offers/get-one?UrlName=a+b&Currency=EUR'))).toBe('{"id":1}');
    expect(seen).toEqual([{ UrlName: 'a b', Currency: 'EUR' }]);
  });

  it('leave to the route another path, a name given twice and a read that fails', async () => {
    const reads = createRenderReads();
    reads.add('/api/categories', async () => {
      throw new Error('database away');
    });
    reads.add('/api/offers/get-one', async () => '{}');
    expect(await reads.read(at('/api/offers'))).toBeUndefined();
    expect(await reads.read(at('/api/offers/get-one?Currency=EUR&Currency=USD'))).toBeUndefined();
    expect(await reads.read(at('/api/categories'))).toBeUndefined();
  });

  it('keep a name that is also an object property as an own field', async () => {
    const reads = createRenderReads();
    let query: Readonly<Record<string, string>> = {};
    reads.add('/api/x', async (given) => {
      query = given;
      return '';
    });
    await reads.read(at('/api/x?__proto__=1'));
    expect(Object.getPrototypeOf(query)).toBe(Object.prototype);
    expect(Object.keys(query)).toEqual(['__proto__']);
  });

  it('refuse a second read of one path', () => {
    const reads = createRenderReads();
    reads.add('/api/x', async () => undefined);
    expect(() => reads.add('/api/x', async () => undefined)).toThrow();
  });
});
