import { describe, expect, it } from 'vitest';
import { ipRangeOf } from './request-origin.js';

describe('the network range an account event records', () => {
  it.each([
    ['203.0.113.57', '203.0.113.0/24'],
    ['::ffff:198.51.100.9', '198.51.100.0/24'],
    ['2001:db8:ab:cd::5', '2001:db8:ab::/48'],
    ['2001:0db8:00ab:1:2:3:4:5', '2001:db8:ab::/48'],
    ['2001:db8::1', '2001:db8:0::/48'],
    ['::1', '0:0:0::/48'],
    ['not an address', null],
  ])('of %s is %s', (address, range) => {
    expect(ipRangeOf(address)).toBe(range);
  });
});
