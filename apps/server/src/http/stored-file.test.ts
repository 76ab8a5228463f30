import { describe, expect, it } from 'vitest';
import { requestedRange } from './stored-file.js';

describe('requested byte range', () => {
  it.each([
    ['bytes=0-99', { start: 0, end: 99 }],
    ['bytes=900-', { start: 900, end: 999 }],
    ['bytes=900-5000', { start: 900, end: 999 }],
    ['bytes=-100', { start: 900, end: 999 }],
    ['bytes=-5000', { start: 0, end: 999 }],
    ['Bytes= 5-5 ', { start: 5, end: 5 }],
  ])('serves %j of a 1,000-byte file as %j', (header, range) => {
    expect(requestedRange(header, 1_000)).toEqual(range);
  });

  it.each(['bytes=1000-', 'bytes=5000-6000', 'bytes=-0'])(
    'finds nothing of a 1,000-byte file in %j',
    (header) => {
      expect(requestedRange(header, 1_000)).toBe('unsatisfiable');
    },
  );

  it.each([undefined, '', 'bytes=0-1,5-6', 'items=0-1', 'bytes=9-1', 'bytes=-', 'bytes=a-b'])(
    'sends the whole file for %j',
    (header) => {
      expect(requestedRange(header, 1_000)).toBeUndefined();
    },
  );
});
