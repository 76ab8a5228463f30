// Two-step sign-in for integration tests: set up through the API, with codes computed as an
// authenticator app would.
import { generate } from 'otplib';
import {
  apiPathTo,
  apiPaths,
  TokenResponseSchema,
  TwoStepRecoveryCodesSchema,
  TwoStepSetupResponseSchema,
} from '@pictura/contract';
import type { App } from '../app.js';
import { bearer, randomIp, type TestUser } from './accounts.js';
import { reauthenticate } from './reauthentication.js';

const PERIOD_SECONDS = 30;

/** The time step of a moment (RFC 6238 with a 30 s period). */
export const timeStep = (at: Date = new Date()): number =>
  Math.floor(at.getTime() / 1000 / PERIOD_SECONDS);

/** The app's code for a time step (the current one by default). */
export const totpCode = (secret: string, step: number = timeStep()): Promise<string> =>
  generate({ secret, epoch: step * PERIOD_SECONDS });

export interface TwoStepEnrolment {
  readonly secret: string;
  readonly recoveryCodes: readonly string[];
  /** The time step of the code that turned the step on: it is used up. */
  readonly confirmedStep: number;
}

/**
 * Turns two-step sign-in on for a signed-in user, as the account settings page does: the password
 * again (re-authentication), then the set-up and a code from the app.
 */
export async function enrollTwoStep(app: App, user: TestUser): Promise<TwoStepEnrolment> {
  await reauthenticate(app, user);
  const setup = await app.inject({
    method: 'POST',
    url: apiPathTo.accountsTwoStepSetup(),
    headers: bearer(user.accessToken),
  });
  if (setup.statusCode !== 200) throw new Error(`setup failed: ${setup.body}`);
  const { secret } = TwoStepSetupResponseSchema.parse(setup.json());
  const confirmedStep = timeStep();
  const confirm = await app.inject({
    method: 'POST',
    url: apiPathTo.accountsTwoStepConfirm(),
    headers: bearer(user.accessToken),
    remoteAddress: randomIp(),
    payload: { code: await totpCode(secret, confirmedStep) },
  });
  if (confirm.statusCode !== 200) throw new Error(`confirm failed: ${confirm.body}`);
  const { recoveryCodes } = TwoStepRecoveryCodesSchema.parse(confirm.json());
  return { secret, recoveryCodes, confirmedStep };
}

/** POST /api/Accounts/login with a code (or without one when `code` is undefined). */
export const loginWithCode = (
  app: App,
  user: Pick<TestUser, 'email' | 'password'>,
  code?: string,
) =>
  app.inject({
    method: 'POST',
    url: apiPaths.accountsLogin,
    remoteAddress: randomIp(),
    payload: {
      email: user.email,
      password: user.password,
      ...(code === undefined ? {} : { code }),
    },
  });

/** Logs in with the code of `step`, which must be newer than the last code used; the new tokens. */
export async function loginWithStep(
  app: App,
  user: Pick<TestUser, 'email' | 'password'>,
  secret: string,
  step: number,
): Promise<{ accessToken: string; refreshToken: string }> {
  const response = await loginWithCode(app, user, await totpCode(secret, step));
  if (response.statusCode !== 200) throw new Error(`login with a code failed: ${response.body}`);
  return TokenResponseSchema.parse(response.json());
}

/** A six-digit code that is none of the codes around now: certainly wrong. */
export async function wrongCode(secret: string): Promise<string> {
  const now = timeStep();
  const valid = new Set(await Promise.all([-1, 0, 1].map((d) => totpCode(secret, now + d))));
  let guess = 123_456;
  while (valid.has(String(guess))) guess++;
  return String(guess);
}
