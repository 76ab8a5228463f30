import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  ChangePasswordRequestSchema,
  EmptyResponseSchema,
  ForgotPasswordRequestSchema,
  LoginRequestSchema,
  LogoutRequestSchema,
  NewPasswordSchema,
  RefreshRequestSchema,
  RegisterRequestSchema,
  ResetPasswordRequestSchema,
  TokenResponseSchema,
} from './accounts.js';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './account-constants.js';

/** The issues of a failed parse as "path: message", in order; empty when it succeeded. */
const issuesOf = (result: { error?: z.ZodError }) =>
  result.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];
const pathsOf = (result: { error?: z.ZodError }) =>
  result.error?.issues.map((i) => i.path.join('.')) ?? [];

/** A copy of `value` without `keys`, to test a missing field. */
const omit = (value: Record<string, unknown>, ...keys: string[]) =>
  Object.fromEntries(Object.entries(value).filter(([key]) => !keys.includes(key)));

const register = {
  email: 'ann@example.com',
  password: 'correct horse',
  repeatedPassword: 'correct horse',
  agreedToPrivacyPolicy: true,
};

describe('NewPasswordSchema', () => {
  it('has limits 8 and 128', () => {
    expect([PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH]).toEqual([8, 128]);
  });

  it('accepts 8 to 128 characters exactly as typed', () => {
    expect(NewPasswordSchema.parse('a'.repeat(8))).toBe('aaaaaaaa');
    expect(NewPasswordSchema.parse('a'.repeat(128))).toHaveLength(128);
    expect(NewPasswordSchema.parse('  spaced  ')).toBe('  spaced  ');
  });

  it('refuses 7 and 129 characters, and does not trim to reach the limit', () => {
    expect(NewPasswordSchema.safeParse('a'.repeat(7)).success).toBe(false);
    expect(NewPasswordSchema.safeParse('a'.repeat(129)).success).toBe(false);
    expect(NewPasswordSchema.safeParse('   abc   ').success).toBe(true);
    expect(NewPasswordSchema.safeParse('  abc  ').success).toBe(false);
  });
});

describe('RegisterRequestSchema', () => {
  it('accepts a valid request and normalises the email to trimmed lower case', () => {
    expect(RegisterRequestSchema.parse({ ...register, email: '  Ann@Example.COM ' })).toEqual(
      register,
    );
  });

  it('keeps the password exactly as typed, spaces included', () => {
    const password = ' pass word ';
    const parsed = RegisterRequestSchema.parse({
      ...register,
      password,
      repeatedPassword: password,
    });
    expect(parsed.password).toBe(password);
    expect(parsed.repeatedPassword).toBe(password);
  });

  it('accepts passwords of 8 and 128 characters', () => {
    for (const password of ['12345678', 'p'.repeat(128)]) {
      expect(
        RegisterRequestSchema.safeParse({ ...register, password, repeatedPassword: password })
          .success,
      ).toBe(true);
    }
  });

  it('refuses a password of 7 characters on the password path', () => {
    const result = RegisterRequestSchema.safeParse({
      ...register,
      password: '1234567',
      repeatedPassword: '1234567',
    });
    expect(issuesOf(result)).toEqual([
      'password: Too small: expected string to have >=8 characters',
    ]);
  });

  it('refuses a password of 129 characters, and its repetition, without truncating them', () => {
    const password = 'p'.repeat(129);
    const result = RegisterRequestSchema.safeParse({
      ...register,
      password,
      repeatedPassword: password,
    });
    expect(pathsOf(result)).toEqual(['password', 'repeatedPassword']);
  });

  it('reports repeated passwords that differ on repeatedPassword', () => {
    const result = RegisterRequestSchema.safeParse({
      ...register,
      repeatedPassword: 'correct horse ',
    });
    expect(issuesOf(result)).toEqual(['repeatedPassword: Passwords do not match']);
  });

  it('requires agreement to the privacy policy to be true', () => {
    for (const agreedToPrivacyPolicy of [false, 'true', 1, undefined]) {
      const result = RegisterRequestSchema.safeParse({ ...register, agreedToPrivacyPolicy });
      expect(issuesOf(result)).toEqual([
        'agreedToPrivacyPolicy: You must agree to the privacy policy',
      ]);
    }
  });

  it('refuses an invalid email on the email path', () => {
    expect(
      pathsOf(RegisterRequestSchema.safeParse({ ...register, email: 'not-an-email' })),
    ).toEqual(['email']);
  });

  it('refuses unknown keys', () => {
    const result = RegisterRequestSchema.safeParse({ ...register, isAdmin: true });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ code: 'unrecognized_keys', keys: ['isAdmin'], path: [] }),
    ]);
  });

  it('refuses a missing field', () => {
    const result = RegisterRequestSchema.safeParse(omit(register, 'repeatedPassword'));
    expect(pathsOf(result)).toEqual(['repeatedPassword']);
  });
});

describe('LoginRequestSchema', () => {
  it('normalises the email and keeps any typed password, however short', () => {
    expect(LoginRequestSchema.parse({ email: ' ANN@example.com', password: ' x ' })).toEqual({
      email: 'ann@example.com',
      password: ' x ',
    });
  });

  it('refuses an empty password, a password over 128, a bad email and extra keys', () => {
    expect(pathsOf(LoginRequestSchema.safeParse({ email: 'a@b.co', password: '' }))).toEqual([
      'password',
    ]);
    expect(
      pathsOf(LoginRequestSchema.safeParse({ email: 'a@b.co', password: 'p'.repeat(129) })),
    ).toEqual(['password']);
    expect(pathsOf(LoginRequestSchema.safeParse({ email: 'ab.co', password: 'x' }))).toEqual([
      'email',
    ]);
    expect(
      LoginRequestSchema.safeParse({ email: 'a@b.co', password: 'x', remember: true }).success,
    ).toBe(false);
  });
});

describe('TokenResponseSchema', () => {
  it('requires both tokens, not empty', () => {
    expect(TokenResponseSchema.parse({ accessToken: 'a', refreshToken: 'r' })).toEqual({
      accessToken: 'a',
      refreshToken: 'r',
    });
    expect(pathsOf(TokenResponseSchema.safeParse({ accessToken: '', refreshToken: 'r' }))).toEqual([
      'accessToken',
    ]);
    expect(pathsOf(TokenResponseSchema.safeParse({ accessToken: 'a' }))).toEqual(['refreshToken']);
  });
});

describe('RefreshRequestSchema', () => {
  it('accepts a refresh token of 1 to 512 characters', () => {
    expect(RefreshRequestSchema.parse({ refreshToken: 'r' })).toEqual({ refreshToken: 'r' });
    expect(RefreshRequestSchema.safeParse({ refreshToken: 'r'.repeat(512) }).success).toBe(true);
  });

  it('refuses an empty token (docs/product/browser.md), one too long and extra keys', () => {
    expect(pathsOf(RefreshRequestSchema.safeParse({ refreshToken: '' }))).toEqual(['refreshToken']);
    expect(pathsOf(RefreshRequestSchema.safeParse({ refreshToken: 'r'.repeat(513) }))).toEqual([
      'refreshToken',
    ]);
    expect(RefreshRequestSchema.safeParse({ refreshToken: 'r', accessToken: 'a' }).success).toBe(
      false,
    );
  });
});

describe('ForgotPasswordRequestSchema', () => {
  it('normalises the email', () => {
    expect(ForgotPasswordRequestSchema.parse({ email: ' Ann@Example.com ' })).toEqual({
      email: 'ann@example.com',
    });
  });

  it('refuses a bad email and extra keys', () => {
    expect(pathsOf(ForgotPasswordRequestSchema.safeParse({ email: 'ann' }))).toEqual(['email']);
    expect(ForgotPasswordRequestSchema.safeParse({ email: 'a@b.co', x: 1 }).success).toBe(false);
  });
});

describe('ResetPasswordRequestSchema', () => {
  const reset = {
    email: 'ann@example.com',
    password: 'new secret',
    repeatedPassword: 'new secret',
    code: 'ABCD1234',
  };

  it('upper-cases the code, whose alphabet is upper case only', () => {
    expect(ResetPasswordRequestSchema.parse({ ...reset, code: 'abcd1234' }).code).toBe('ABCD1234');
  });

  it('accepts a valid request and trims the code', () => {
    expect(
      ResetPasswordRequestSchema.parse({ ...reset, code: ' ABCD1234 ', email: 'ANN@example.com' }),
    ).toEqual(reset);
  });

  it('refuses a code shorter than 8 or longer than 64 characters', () => {
    expect(
      pathsOf(ResetPasswordRequestSchema.safeParse({ ...reset, code: '  1234567  ' })),
    ).toEqual(['code']);
    expect(
      pathsOf(ResetPasswordRequestSchema.safeParse({ ...reset, code: 'c'.repeat(65) })),
    ).toEqual(['code']);
    expect(ResetPasswordRequestSchema.safeParse({ ...reset, code: 'c'.repeat(64) }).success).toBe(
      true,
    );
  });

  it('reports differing passwords on repeatedPassword and a short password on password', () => {
    expect(
      issuesOf(ResetPasswordRequestSchema.safeParse({ ...reset, repeatedPassword: 'other one' })),
    ).toEqual(['repeatedPassword: Passwords do not match']);
    expect(
      pathsOf(
        ResetPasswordRequestSchema.safeParse({
          ...reset,
          password: 'short',
          repeatedPassword: 'short',
        }),
      ),
    ).toEqual(['password']);
  });

  it('refuses extra keys', () => {
    expect(ResetPasswordRequestSchema.safeParse({ ...reset, token: 'x' }).success).toBe(false);
  });
});

describe('ChangePasswordRequestSchema', () => {
  const change = {
    currentPassword: 'old',
    password: 'brand new pw',
    repeatedPassword: 'brand new pw',
  };

  it('accepts any typed current password and a new one of 8 or more', () => {
    expect(ChangePasswordRequestSchema.parse(change)).toEqual(change);
  });

  it('refuses an empty current password, a short new one and differing repeats', () => {
    expect(
      pathsOf(ChangePasswordRequestSchema.safeParse({ ...change, currentPassword: '' })),
    ).toEqual(['currentPassword']);
    expect(
      pathsOf(
        ChangePasswordRequestSchema.safeParse({
          ...change,
          password: 'short',
          repeatedPassword: 'short',
        }),
      ),
    ).toEqual(['password']);
    expect(
      issuesOf(
        ChangePasswordRequestSchema.safeParse({ ...change, repeatedPassword: 'brand new PW' }),
      ),
    ).toEqual(['repeatedPassword: Passwords do not match']);
  });

  it('refuses extra keys', () => {
    expect(ChangePasswordRequestSchema.safeParse({ ...change, email: 'a@b.co' }).success).toBe(
      false,
    );
  });
});

describe('LogoutRequestSchema and EmptyResponseSchema', () => {
  it('log out takes the refresh token, like refresh', () => {
    expect(LogoutRequestSchema.parse({ refreshToken: 'r' })).toEqual({ refreshToken: 'r' });
    expect(pathsOf(LogoutRequestSchema.safeParse({ refreshToken: '' }))).toEqual(['refreshToken']);
  });

  it('an empty answer is an object', () => {
    expect(EmptyResponseSchema.parse({})).toEqual({});
    expect(EmptyResponseSchema.safeParse(null).success).toBe(false);
  });
});
