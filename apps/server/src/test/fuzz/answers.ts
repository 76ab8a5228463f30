import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/**
 * The 400 body of docs/product/api.md#errors: `{ errors: { field: message } }`, keys and messages
 * strings.
 */
export function expectFieldMap(response: LightMyRequestResponse, sent: string): void {
  expect(response.statusCode, `${sent} -> ${response.body}`).toBe(400);
  const body = response.json<{ errors?: unknown }>();
  expect(typeof body.errors, `${sent} -> ${response.body}`).toBe('object');
  const errors = Object.entries(body.errors as Record<string, unknown>);
  expect(errors.length, `${sent} -> ${response.body}`).toBeGreaterThan(0);
  for (const [key, message] of errors) {
    expect(typeof key).toBe('string');
    expect(typeof message, `${sent} -> ${response.body}`).toBe('string');
  }
}

export function expectNoServerError(response: LightMyRequestResponse, sent: string): void {
  expect(response.statusCode, `${sent} -> ${response.body}`).toBeLessThan(500);
}

/** Short enough for a failure message, without the huge strings some bodies carry. */
export const describeSent = (payload: unknown): string =>
  JSON.stringify(payload, (_, value: unknown) =>
    typeof value === 'string' && value.length > 80
      ? `${value.slice(0, 20)}…(${value.length})`
      : value,
  ) ?? String(payload);
