import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  CountryCodeSchema,
  ProfileResponseSchema,
  UpdateBillingRequestSchema,
  UpdateProfileRequestSchema,
} from './accounts.js';

/** The issues of a failed parse as "path: message", in order; empty when it succeeded. */
const issuesOf = (result: { error?: z.ZodError }) =>
  result.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];
const pathsOf = (result: { error?: z.ZodError }) =>
  result.error?.issues.map((i) => i.path.join('.')) ?? [];

/** A copy of `value` without `keys`, to test a missing field. */
const omit = (value: Record<string, unknown>, ...keys: string[]) =>
  Object.fromEntries(Object.entries(value).filter(([key]) => !keys.includes(key)));

describe('UpdateProfileRequestSchema', () => {
  it('trims the names', () => {
    expect(UpdateProfileRequestSchema.parse({ firstName: ' Ann ', lastName: 'Lee ' })).toEqual({
      firstName: 'Ann',
      lastName: 'Lee',
    });
  });

  it('refuses blank or over-long names and extra keys', () => {
    expect(
      pathsOf(UpdateProfileRequestSchema.safeParse({ firstName: '  ', lastName: 'x'.repeat(101) })),
    ).toEqual(['firstName', 'lastName']);
    expect(
      UpdateProfileRequestSchema.safeParse({ firstName: 'x'.repeat(100), lastName: 'y' }).success,
    ).toBe(true);
    expect(
      UpdateProfileRequestSchema.safeParse({ firstName: 'A', lastName: 'B', email: 'a@b.co' })
        .success,
    ).toBe(false);
  });
});

describe('CountryCodeSchema', () => {
  it('upper-cases and trims a two-letter code', () => {
    expect(CountryCodeSchema.parse(' de ')).toBe('DE');
    expect(CountryCodeSchema.parse('US')).toBe('US');
  });

  it('takes EL, the VAT code of Greece, as GR, and refuses a code no country has', () => {
    expect(CountryCodeSchema.parse('el')).toBe('GR');
    expect(issuesOf(CountryCodeSchema.safeParse('XX'))).toEqual([
      ': Not a country code, such as ES or DE',
    ]);
    expect(issuesOf(CountryCodeSchema.safeParse('UK'))).toEqual([
      ': Not a country code, such as ES or DE',
    ]);
  });

  it.each(['', 'D', 'DEU', 'D1', '12', 'Germany', 'D E'])('refuses %j with its message', (code) => {
    expect(issuesOf(CountryCodeSchema.safeParse(code))).toEqual([
      ': Use a two-letter country code',
    ]);
  });
});

describe('UpdateBillingRequestSchema', () => {
  const billing = { country: 'ES', city: 'Madrid', address1: 'Calle Mayor 1', zipCode: '28013' };

  it('accepts billing info with or without a state, trimmed and with the country upper-cased', () => {
    expect(
      UpdateBillingRequestSchema.parse({ ...billing, country: 'es', city: ' Madrid ' }),
    ).toEqual(billing);
    expect(UpdateBillingRequestSchema.parse({ ...billing, state: ' Madrid ' })).toEqual({
      ...billing,
      state: 'Madrid',
    });
  });

  it('refuses a bad country code, blank fields and limits', () => {
    const result = UpdateBillingRequestSchema.safeParse({
      country: 'Spain',
      city: ' ',
      address1: 'a'.repeat(201),
      state: 's'.repeat(101),
      zipCode: '',
    });
    expect(pathsOf(result)).toEqual(['country', 'city', 'address1', 'state', 'zipCode']);
    expect(
      pathsOf(UpdateBillingRequestSchema.safeParse({ ...billing, zipCode: '1'.repeat(21) })),
    ).toEqual(['zipCode']);
  });

  it('refuses missing fields and extra keys', () => {
    expect(pathsOf(UpdateBillingRequestSchema.safeParse({ country: 'ES' }))).toEqual([
      'city',
      'address1',
      'zipCode',
    ]);
    expect(UpdateBillingRequestSchema.safeParse({ ...billing, firstName: 'Ann' }).success).toBe(
      false,
    );
  });
});

describe('ProfileResponseSchema', () => {
  const profile = {
    email: 'ann@example.com',
    firstName: null,
    lastName: null,
    country: null,
    city: null,
    address1: null,
    state: null,
    zipCode: null,
    currency: 'EUR',
    isAdmin: false,
    emailVerified: false,
    pendingEmail: null,
  };

  it('accepts a new profile with empty fields and a filled one', () => {
    expect(ProfileResponseSchema.parse(profile)).toEqual(profile);
    const filled = {
      ...profile,
      firstName: 'Ann',
      lastName: 'Lee',
      country: 'ES',
      city: 'Madrid',
      address1: 'x',
      state: '',
      zipCode: '1',
      currency: 'USD',
      isAdmin: true,
      emailVerified: true,
      pendingEmail: 'ann.lee@example.com',
    };
    expect(ProfileResponseSchema.parse(filled)).toEqual(filled);
  });

  it('refuses a missing field (null is not absent) and an unknown currency', () => {
    expect(pathsOf(ProfileResponseSchema.safeParse(omit(profile, 'state')))).toEqual(['state']);
    expect(pathsOf(ProfileResponseSchema.safeParse(omit(profile, 'pendingEmail')))).toEqual([
      'pendingEmail',
    ]);
    expect(pathsOf(ProfileResponseSchema.safeParse({ ...profile, currency: 'GBP' }))).toEqual([
      'currency',
    ]);
  });
});
