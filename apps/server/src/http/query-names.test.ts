import { describe, expect, it } from 'vitest';
import { canonicalQuery } from './query-names.js';

const spellings = new Map([
  ['currency', 'Currency'],
  ['urlname', 'UrlName'],
]);

describe('canonicalQuery', () => {
  it('renames parameters to the schema spelling whatever their case', () => {
    expect({ ...canonicalQuery({ currency: 'EUR', URLNAME: 'sunset' }, spellings) }).toEqual({
      Currency: 'EUR',
      UrlName: 'sunset',
    });
  });

  it('keeps parameters the schema does not know as they are', () => {
    expect({ ...canonicalQuery({ t: '1', Extra: 'x' }, spellings) }).toEqual({
      t: '1',
      Extra: 'x',
    });
  });

  it('prefers the exact spelling when a name comes twice', () => {
    expect(canonicalQuery({ Currency: 'USD', currency: 'EUR' }, spellings).Currency).toBe('USD');
    expect(canonicalQuery({ currency: 'EUR', Currency: 'USD' }, spellings).Currency).toBe('USD');
  });

  it('keeps __proto__ a plain parameter', () => {
    const query = canonicalQuery(JSON.parse('{"__proto__": {"polluted": true}}'), spellings);

    expect(Object.getPrototypeOf(query)).toBeNull();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
