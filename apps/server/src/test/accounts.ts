// Signed-in users for integration tests: created through the API, as a person would sign up.
import { randomInt, randomUUID } from 'node:crypto';
import { apiPaths, TokenResponseSchema } from '@pictura/contract';
import type { App } from '../app.js';

/** Strong enough for the server's zxcvbn check. */
export const STRONG_PASSWORD = 'violet-Harbor-42-lantern';

export interface TestUser {
  readonly email: string;
  readonly password: string;
  readonly accessToken: string;
  readonly refreshToken: string;
}

/** A client address of its own per call, so that the per-IP sign-up limit never trips a test. */
export const randomIp = (): string => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** `Authorization` header for an access token. */
export const bearer = (accessToken: string): { authorization: string } => ({
  authorization: `Bearer ${accessToken}`,
});

/** Registers a new user (a unique email unless given) and returns the tokens it is signed in with. */
export async function signUp(
  app: App,
  options: { email?: string; password?: string; headers?: Record<string, string> } = {},
): Promise<TestUser> {
  const email = options.email ?? `user-${randomUUID()}@example.com`;
  const password = options.password ?? STRONG_PASSWORD;
  const response = await app.inject({
    method: 'POST',
    url: apiPaths.accountsRegister,
    remoteAddress: randomIp(),
    headers: options.headers,
    payload: { email, password, repeatedPassword: password, agreedToPrivacyPolicy: true },
  });
  if (response.statusCode !== 200) {
    throw new Error(`sign-up failed with ${response.statusCode}: ${response.body}`);
  }
  return { email, password, ...TokenResponseSchema.parse(response.json()) };
}
