import { describe, expect, it } from 'vitest';
import { createRandom } from '../image-generation/index.js';
import { drawableText, strokeTextPath, strokeTextWidth } from './index.js';

describe('stroke font', () => {
  it('keeps letters, digits and single spaces, upper-cased', () => {
    expect(drawableText('  Hello, wörld 42!\n<b>  ')).toBe('HELLO WRLD 42 B');
  });

  it('measures and draws each glyph as path commands only', () => {
    expect(strokeTextWidth('AB', 6)).toBe(10);
    expect(strokeTextWidth('!!', 6)).toBe(0);
    const d = strokeTextPath('A1', 0, 0, 6);
    expect(d).toMatch(/^(M[\d. -]+(L[\d. -]+)*)+$/);
    expect(d.split('M')).toHaveLength(5);
  });
});

describe('createRandom', () => {
  it('repeats the same sequence for the same seed and another for another', () => {
    const a = createRandom('seed', 1);
    const b = createRandom('seed', 1);
    const c = createRandom('seed', 2);
    const sequence = (random: typeof a) => Array.from({ length: 5 }, () => random.next());

    expect(sequence(a)).toEqual(sequence(b));
    expect(sequence(createRandom('seed', 1))).not.toEqual(sequence(c));
  });

  it('stays within its ranges', () => {
    const random = createRandom('ranges');
    for (let i = 0; i < 1000; i += 1) {
      const value = random.next();
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
      expect(random.int(3, 5)).toBeOneOf([3, 4, 5]);
      expect(random.pick(['x', 'y'])).toBeOneOf(['x', 'y']);
    }
    expect(() => random.pick([])).toThrow(RangeError);
  });
});
