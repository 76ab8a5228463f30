import { describe, expect, it } from 'vitest';
import { ErrorBodySchema } from './error-body-schema.js';
import { ERROR_MESSAGES, GENERAL_ERROR_KEY, pageNotFoundMessage, readErrorBody } from './errors.js';

describe('readErrorBody', () => {
  it('reads what ErrorBodySchema accepts, as the schema gives it, and refuses what it refuses', () => {
    const candidates: unknown[] = [
      { errors: { email: 'Email is taken', '': 'Try again' } },
      { errors: {} },
      { errors: { '': 'Boom' }, requestId: 'req-1' },
      { errors: { '': 'Boom' }, requestId: 'req-1', extra: true },
      { errors: { '': 'Boom' }, requestId: 7 },
      { errors: { email: 3 } },
      { errors: ['Boom'] },
      { errors: null },
      { message: 'x' },
      'Boom',
      null,
      undefined,
      [],
    ];
    for (const value of candidates) {
      const parsed = ErrorBodySchema.safeParse(value);
      expect(readErrorBody(value)).toEqual(parsed.success ? parsed.data : null);
    }
  });
});

describe('ErrorBodySchema (docs/product/api.md#errors)', () => {
  it('accepts a map of field to message, with the empty key as the general message', () => {
    const body = { errors: { email: 'Email is taken', [GENERAL_ERROR_KEY]: 'Try again' } };
    expect(ErrorBodySchema.parse(body)).toEqual({
      errors: { email: 'Email is taken', '': 'Try again' },
    });
  });

  it('accepts an empty map and an optional request id', () => {
    expect(ErrorBodySchema.parse({ errors: {} })).toEqual({ errors: {} });
    expect(ErrorBodySchema.parse({ errors: { '': 'Boom' }, requestId: 'req-1' })).toEqual({
      errors: { '': 'Boom' },
      requestId: 'req-1',
    });
  });

  it('refuses a body without errors', () => {
    const result = ErrorBodySchema.safeParse({ message: 'x' });
    expect(result.error?.issues.map((i) => i.path)).toEqual([['errors']]);
  });

  it('refuses messages that are not strings, and a list instead of a map', () => {
    expect(ErrorBodySchema.safeParse({ errors: { email: 1 } }).error?.issues[0]?.path).toEqual([
      'errors',
      'email',
    ]);
    expect(ErrorBodySchema.safeParse({ errors: { email: ['a'] } }).success).toBe(false);
    expect(ErrorBodySchema.safeParse({ errors: ['a'] }).success).toBe(false);
    expect(ErrorBodySchema.safeParse({ errors: 'a' }).success).toBe(false);
  });

  it('refuses a request id that is not a string', () => {
    const result = ErrorBodySchema.safeParse({ errors: {}, requestId: 42 });
    expect(result.error?.issues.map((i) => i.path)).toEqual([['requestId']]);
  });
});

describe('GENERAL_ERROR_KEY', () => {
  it('is the empty key', () => {
    expect(GENERAL_ERROR_KEY).toBe('');
  });
});

describe('ERROR_MESSAGES (docs/product/messages.md#client-messages, spelt exactly)', () => {
  it('holds every message of the catalogue', () => {
    expect(ERROR_MESSAGES).toEqual({
      unexpectedServerError: 'An unexpected server error occurred.',
      tooManyRequests: 'Too many requests.',
      generic: 'An error has occurred.',
      validationFailed: 'Validation failed',
      refreshTokenEmpty: 'refresh token is empty',
      loggedOut: 'You were logged out',
      pageNotFound: 'Page Not Found',
      internalServerError: 'Internal Server Error',
    });
  });
});

describe('pageNotFoundMessage', () => {
  it("reads 'Page Not Found: {path}'", () => {
    expect(pageNotFoundMessage('/nowhere')).toBe('Page Not Found: /nowhere');
    expect(pageNotFoundMessage('/gallery/a/b?x=1')).toBe('Page Not Found: /gallery/a/b?x=1');
  });

  it('keeps an empty path as given', () => {
    expect(pageNotFoundMessage('')).toBe('Page Not Found: ');
  });
});
