import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { ERROR_MESSAGES, ORDER_MESSAGES } from '@pictura/contract';
import { ApiError } from './api-client';
import { apiErrorCodeText } from './api-error-code-text';
import { apiErrorText } from './api-error-text';

// Stands in for i18next's t: shows which key was asked for.
const t = ((key: string) => `[${key}]`) as unknown as TFunction;

describe('apiErrorText', () => {
  it('translates the catalogue messages by code', () => {
    const error = new ApiError('tooManyRequests', ERROR_MESSAGES.tooManyRequests, 429);
    expect(apiErrorText(error, t)).toBe('[apiErrors.tooManyRequests]');
  });

  it("shows the server's general message as sent", () => {
    const error = new ApiError('serverMessage', 'Invalid email or password', 400);
    expect(apiErrorText(error, t)).toBe('Invalid email or password');
  });

  it('treats anything that is not an ApiError as the generic error', () => {
    expect(apiErrorText(new Error('boom'), t)).toBe('[apiErrors.generic]');
  });
});

describe('apiErrorCodeText, for the catalog', () => {
  it('gives the same texts as apiErrorText, but a contract message only as sent', () => {
    const cases = [
      new ApiError('tooManyRequests', ERROR_MESSAGES.tooManyRequests, 429),
      new ApiError('serverMessage', 'Invalid email or password', 400),
      new Error('boom'),
    ];
    for (const error of cases) expect(apiErrorCodeText(error, t)).toBe(apiErrorText(error, t));

    const known = new ApiError('serverMessage', ORDER_MESSAGES.giftCardInvalid, 400);
    expect(apiErrorText(known, t)).toBe('[serverMessages.order.giftCardInvalid]');
    expect(apiErrorCodeText(known, t)).toBe(ORDER_MESSAGES.giftCardInvalid);
  });
});
