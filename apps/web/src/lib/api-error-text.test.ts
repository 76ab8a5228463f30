import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { ERROR_MESSAGES } from '@pictura/contract';
import { ApiError } from './api-client';
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
