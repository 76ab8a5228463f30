// Signed-in users for integration tests: created through the API, as a person would sign up.
import { randomInt, randomUUID } from 'node:crypto';
import { decodeJwt } from 'jose';
import { z } from 'zod';
import {
  apiPaths,
  EMAIL_VERIFICATION_LINK_PARAMS,
  paths,
  TokenResponseSchema,
} from '@pictura/contract';
import type { App } from '../app.js';
import { issueVerificationToken } from '../modules/accounts/index.js';
import { databaseOfTestApp } from './app-registry.js';
import type { SmtpCapture } from './smtp.js';

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

/** The user and token of a verification link (`/verify-email?user=...&token=...`) in a mail's text. */
export function verificationLinkIn(text: string | undefined): { user: string; token: string } {
  const href = new RegExp(`https?://\\S+${paths.verifyEmail}\\?\\S+`).exec(text ?? '')?.[0];
  if (!href) throw new Error('no verification link in the mail');
  const query = new URL(href).searchParams;
  return {
    user: query.get(EMAIL_VERIFICATION_LINK_PARAMS.user) ?? '',
    token: query.get(EMAIL_VERIFICATION_LINK_PARAMS.token) ?? '',
  };
}

/** Opens a verification link as the web's verify page does; throws unless it is accepted. */
export async function openVerificationLink(
  app: App,
  link: { user: string; token: string },
): Promise<void> {
  const response = await app.inject({
    method: 'POST',
    url: apiPaths.accountsVerifyEmail,
    remoteAddress: randomIp(),
    payload: link,
  });
  if (response.statusCode !== 200) {
    throw new Error(`verification failed with ${response.statusCode}: ${response.body}`);
  }
}

/**
 * Verifies a signed-up user's address. With `smtp` it opens the link of the mail that arrived there;
 * otherwise it opens a fresh link made by the code the sign-up mail's link comes from (the mail may
 * not be delivered yet, or at all when the app runs no mail worker), which replaces the mailed one.
 */
export async function verifyEmailOf(
  app: App,
  user: Pick<TestUser, 'email' | 'accessToken'>,
  smtp?: SmtpCapture,
): Promise<void> {
  if (smtp) {
    await openVerificationLink(app, verificationLinkIn((await smtp.nextMailTo(user.email)).text));
    return;
  }
  const userId = z.uuid().parse(decodeJwt(user.accessToken).sub);
  const token = await issueVerificationToken(databaseOfTestApp(app).db, userId, user.email);
  await openVerificationLink(app, { user: userId, token });
}

export interface SignUpOptions {
  email?: string;
  password?: string;
  headers?: Record<string, string>;
  /** Leave the address unverified (money calls then answer 400); verified by default. */
  verified?: boolean;
  /** The app mails to this capture: the sign-up mail's link is opened (and the mail taken). */
  smtp?: SmtpCapture;
}

/**
 * Registers a new user (a unique email unless given), verifies its address unless told not to,
 * and returns the tokens it is signed in with.
 */
export async function signUp(app: App, options: SignUpOptions = {}): Promise<TestUser> {
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
  const user = { email, password, ...TokenResponseSchema.parse(response.json()) };
  if (options.verified !== false) await verifyEmailOf(app, user, options.smtp);
  return user;
}
