import { describe, expect, it } from 'vitest';
import { isBuildLatest, ROW_ID_MAX } from './constants.js';
import {
  RowIdParamSchema,
  RowIdSchema,
  BuildLatestSchema,
  EmailSchema,
  HealthResponseSchema,
  PaymentLinkResponseSchema,
  shortText,
} from './common.js';

describe('EmailSchema', () => {
  it.each([
    ['user@example.com', 'user@example.com'],
    ['  User@Example.COM  ', 'user@example.com'],
    ['first.last+tag@sub.example.org', 'first.last+tag@sub.example.org'],
  ])('normalises %j to %j', (input, output) => {
    expect(EmailSchema.parse(input)).toBe(output);
  });

  it.each(['', '   ', 'user', 'user@', '@example.com', 'a b@example.com', 'user@@example.com'])(
    'refuses %j',
    (input) => {
      expect(EmailSchema.safeParse(input).success).toBe(false);
    },
  );

  it('refuses non-strings', () => {
    for (const input of [null, undefined, 1, {}])
      expect(EmailSchema.safeParse(input).success).toBe(false);
  });

  it('accepts 254 characters and refuses 255', () => {
    const domain = `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(61)}.com`;
    const fits = `${'x'.repeat(60)}@${domain}`;
    expect(fits).toHaveLength(254);
    expect(EmailSchema.parse(fits)).toBe(fits);
    const result = EmailSchema.safeParse(`y${fits}`);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ code: 'too_big', maximum: 254 }),
    ]);
  });
});

describe('shortText', () => {
  const schema = shortText(5);

  it('trims and keeps text up to the maximum', () => {
    expect(schema.parse('  Ann ')).toBe('Ann');
    expect(schema.parse('abcde')).toBe('abcde');
    expect(schema.parse(' abcde ')).toBe('abcde');
  });

  it('refuses empty, blank and too long text', () => {
    expect(schema.safeParse('').success).toBe(false);
    expect(schema.safeParse('    ').success).toBe(false);
    expect(schema.safeParse('abcdef').success).toBe(false);
    expect(schema.safeParse(5).success).toBe(false);
  });
});

describe('PaymentLinkResponseSchema', () => {
  it('accepts a payment link and refuses an empty or missing one', () => {
    expect(PaymentLinkResponseSchema.parse({ paymentLink: 'https://pay.example/x' })).toEqual({
      paymentLink: 'https://pay.example/x',
    });
    expect(PaymentLinkResponseSchema.safeParse({ paymentLink: '' }).success).toBe(false);
    expect(PaymentLinkResponseSchema.safeParse({}).success).toBe(false);
  });
});

describe('HealthResponseSchema', () => {
  it('accepts the known statuses', () => {
    expect(HealthResponseSchema.parse({ status: 'ok', database: 'up' })).toEqual({
      status: 'ok',
      database: 'up',
    });
    expect(HealthResponseSchema.parse({ status: 'unhealthy', database: 'down' }).status).toBe(
      'unhealthy',
    );
  });

  it('refuses unknown statuses', () => {
    const result = HealthResponseSchema.safeParse({ status: 'OK', database: 'maybe' });
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['status', 'database']);
  });
});

describe('BuildLatestSchema', () => {
  it('accepts a build id and refuses an empty one', () => {
    expect(BuildLatestSchema.parse({ buildId: '2024-01-01.abc' })).toEqual({
      buildId: '2024-01-01.abc',
    });
    expect(BuildLatestSchema.safeParse({ buildId: '' }).success).toBe(false);
    expect(BuildLatestSchema.safeParse({ buildId: 1 }).success).toBe(false);
  });

  it('agrees with isBuildLatest, the check without zod', () => {
    const candidates = [{ buildId: 'b1' }, { buildId: 'b1', extra: 1 }, { buildId: '' }];
    for (const value of [...candidates, { buildId: 1 }, {}, null, 'b1', []]) {
      expect(isBuildLatest(value)).toBe(BuildLatestSchema.safeParse(value).success);
    }
  });
});

describe('RowIdSchema and RowIdParamSchema (integer keys)', () => {
  it('accept ids up to the largest int4 and refuse larger ones', () => {
    expect(RowIdSchema.parse(ROW_ID_MAX)).toBe(2_147_483_647);
    expect(RowIdSchema.safeParse(ROW_ID_MAX + 1).success).toBe(false);
    expect(RowIdSchema.safeParse(0).success).toBe(false);
    expect(RowIdParamSchema.parse('12')).toBe(12);
    expect(RowIdParamSchema.safeParse('9007199254740991').success).toBe(false);
  });
});
