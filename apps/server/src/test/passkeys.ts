// Passkey calls for integration tests, made as the web app makes them, with a software authenticator
// (webauthn-authenticator.ts) in the browser's place.
import {
  apiPaths,
  apiPathTo,
  PASSKEY_MESSAGES,
  PasskeyListSchema,
  PasskeyLoginOptionsSchema,
  PasskeyRegistrationOptionsSchema,
  PasskeySchema,
  type Passkey,
  type PasskeyLoginOptions,
  type PasskeyLoginRequest,
  type PasskeyRegistrationOptions,
  type RegisterPasskeyRequest,
} from '@pictura/contract';
import type { App } from '../app.js';
import { bearer, randomIp, type TestUser } from './accounts.js';
import { testConfig } from './app.js';
import type { SoftAuthenticator } from './webauthn-authenticator.js';

/** The page a browser would be on: the shop's public address. */
export const PASSKEY_ORIGIN = testConfig().publicUrl;

/** The one answer to every failed passkey step. */
export const PASSKEY_NOT_VERIFIED = { errors: { '': PASSKEY_MESSAGES.notVerified } };

function expectOk(response: { statusCode: number; body: string }, what: string): void {
  if (response.statusCode !== 200) {
    throw new Error(`${what} failed with ${response.statusCode}: ${response.body}`);
  }
}

/** POST .../registration-options with the user's password (or the one given). */
export const requestRegistrationOptions = (app: App, user: TestUser, password = user.password) =>
  app.inject({
    method: 'POST',
    url: apiPathTo.accountsPasskeyRegistrationOptions(),
    headers: bearer(user.accessToken),
    remoteAddress: randomIp(),
    payload: { currentPassword: password },
  });

export async function registrationOptions(
  app: App,
  user: TestUser,
): Promise<PasskeyRegistrationOptions> {
  const response = await requestRegistrationOptions(app, user);
  expectOk(response, 'registration options');
  return PasskeyRegistrationOptionsSchema.parse(response.json());
}

export const sendRegistration = (app: App, user: TestUser, payload: RegisterPasskeyRequest) =>
  app.inject({
    method: 'POST',
    url: apiPaths.accountsPasskeys,
    headers: bearer(user.accessToken),
    payload,
  });

/** Adds a passkey made by `authenticator` to the user's account. */
export async function addPasskey(
  app: App,
  user: TestUser,
  authenticator: SoftAuthenticator,
  name = 'Work laptop',
): Promise<Passkey> {
  const options = await registrationOptions(app, user);
  const response = await sendRegistration(app, user, {
    name,
    credential: authenticator.register(options),
  });
  expectOk(response, 'adding a passkey');
  return PasskeySchema.parse(response.json());
}

export async function listPasskeys(app: App, user: TestUser): Promise<Passkey[]> {
  const response = await app.inject({
    method: 'GET',
    url: apiPaths.accountsPasskeys,
    headers: bearer(user.accessToken),
  });
  expectOk(response, 'listing passkeys');
  return PasskeyListSchema.parse(response.json());
}

export async function loginOptions(
  app: App,
  remoteAddress = randomIp(),
): Promise<PasskeyLoginOptions> {
  const response = await app.inject({
    method: 'POST',
    url: apiPathTo.accountsPasskeyLoginOptions(),
    remoteAddress,
  });
  expectOk(response, 'passkey login options');
  return PasskeyLoginOptionsSchema.parse(response.json());
}

export const passkeyLogin = (
  app: App,
  credential: PasskeyLoginRequest['credential'],
  remoteAddress = randomIp(),
) =>
  app.inject({
    method: 'POST',
    url: apiPaths.accountsPasskeyLogin,
    payload: { credential },
    remoteAddress,
  });
