import { describe, expect, it } from 'vitest';
import { PASSWORD_MIN_SCORE, personalWords } from '@pictura/contract';
import { estimateStrength } from './estimator';

describe('password strength hint (the server decides the same way)', () => {
  it('calls a common password too weak, with advice in the chosen language', () => {
    const en = estimateStrength('password123', 'ada@example.com', 'en');
    expect(en.acceptable).toBe(false);
    expect(en.score).toBeLessThan(PASSWORD_MIN_SCORE);
    expect(en.warning).toBe('This is a commonly used password.');
    const ja = estimateStrength('password123', 'ada@example.com', 'ja');
    expect(ja.warning).toBe('よく使われるパスワードです');
    const es = estimateStrength('password123', 'ada@example.com', 'es');
    expect(es.suggestions.length).toBeGreaterThan(0);
    expect(es.suggestions).not.toEqual(en.suggestions);
  });

  it('accepts a long phrase of unrelated words', () => {
    const estimate = estimateStrength('violet tram umbrella 42', 'ada@example.com', 'en');
    expect(estimate).toMatchObject({ score: 4, acceptable: true, warning: null });
  });

  it("counts the user's own email as guessable", () => {
    expect(personalWords('ada.lovelace@example.com')).toEqual([
      'ada.lovelace@example.com',
      'ada.lovelace',
      'ada',
      'lovelace',
    ]);
    const strangers = estimateStrength('zorbukquintrelvax', 'someone@example.com', 'en');
    const own = estimateStrength('zorbukquintrelvax', 'quintrelvax.zorbuk@example.com', 'en');
    expect(strangers.acceptable).toBe(true);
    expect(own.acceptable).toBe(false);
  });
});
