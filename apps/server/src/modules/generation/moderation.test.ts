import { describe, expect, it } from 'vitest';
import { createModerator, DEFAULT_MODERATION_BLOCKLIST } from './moderation.js';

describe('prompt moderation (MODERATION_BLOCKLIST)', () => {
  const allowed = createModerator(['nude', 'explicit sex', 'c++']);

  it('refuses a listed word in any letter case, as a whole word', () => {
    expect(allowed('A NUDE figure')).toBe(false);
    expect(allowed('nude.')).toBe(false);
    expect(allowed('«nude»')).toBe(false);
    expect(allowed('a denuded hillside')).toBe(true);
    expect(allowed('nudes')).toBe(true);
  });

  it('matches phrases across any spacing, and entries with special characters literally', () => {
    expect(allowed('explicit   sex scene')).toBe(false);
    expect(allowed('explicit sexual')).toBe(true);
    expect(allowed('learning c++ at night')).toBe(false);
    expect(allowed('learning c at night')).toBe(true);
  });

  it('sees through full-width letters', () => {
    expect(allowed('ｎｕｄｅ')).toBe(false);
  });

  it('allows everything with an empty list, and refuses common words with the default list', () => {
    expect(createModerator([])('nude')).toBe(true);
    expect(createModerator([' ', ''])('nude')).toBe(true);
    const byDefault = createModerator(DEFAULT_MODERATION_BLOCKLIST);
    expect(byDefault('Porn star')).toBe(false);
    expect(byDefault('A lighthouse in a storm')).toBe(true);
  });
});
