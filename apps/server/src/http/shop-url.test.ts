import { describe, expect, it } from 'vitest';
import { shopUrlFor } from './shop-url.js';

const unset = { publicUrl: 'http://localhost:3000', publicUrlSet: false, port: 3000 };
const at = (host: string, protocol: 'http' | 'https' = 'http') => ({ host, protocol });

describe('shopUrlFor', () => {
  it('follows a loopback Host on the shop’s own port while PUBLIC_URL is not set', () => {
    expect(shopUrlFor(unset, at('127.0.0.1:3000'))).toBe('http://127.0.0.1:3000');
    expect(shopUrlFor(unset, at('[::1]:3000'))).toBe('http://[::1]:3000');
    expect(shopUrlFor(unset, at('LOCALHOST:3000'))).toBe('http://localhost:3000');
    expect(shopUrlFor({ ...unset, port: 80 }, at('127.0.0.1'))).toBe('http://127.0.0.1');
  });

  it('falls back to the default for any other Host, port or a Host that is not one', () => {
    for (const host of [
      'evil.example:3000',
      '127.0.0.1:4000',
      '127.0.0.1',
      '127.0.0.2:3000',
      'localhost.evil.example:3000',
      'localhost:3000@evil.example',
      'user@localhost:3000',
      '',
      '[::1',
    ]) {
      expect(shopUrlFor(unset, at(host)), host).toBe('http://localhost:3000');
    }
  });

  it('always answers PUBLIC_URL when it is set', () => {
    const set = { publicUrl: 'https://pictura.example', publicUrlSet: true, port: 3000 };
    expect(shopUrlFor(set, at('127.0.0.1:3000'))).toBe('https://pictura.example');
    expect(shopUrlFor(set, at('localhost:3000'))).toBe('https://pictura.example');
  });
});
