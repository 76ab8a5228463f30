import { describe, expect, it } from 'vitest';
import { personalWords } from './password-words.js';

describe("the user's own words", () => {
  it('are the email, its local part and its pieces, and the names, three letters or more', () => {
    expect(personalWords('ann.lee-smith@example.com', 'Ann', null, 'Li')).toEqual([
      'ann.lee-smith@example.com',
      'ann.lee-smith',
      'ann',
      'lee',
      'smith',
      'Ann',
    ]);
  });
});
