// The e2e admin's second step. The back office opens only for an admin with a second factor, so
// global-setup.ts sets up two-step sign-in for the admin that `admin:create` made, through the API
// as the account settings page does, and keeps the secret and recovery codes in a file for the
// tests. Each sign-in needs a code of a time step newer than the last one used (the server refuses
// a code twice), and the tests of both workers sign the one admin in: the file, under a lock,
// hands each sign-in its own step (the current one or the next, which the server accepts), or a
// recovery code when a burst has used both.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { generate } from 'otplib';
import {
  apiPaths,
  apiPathTo,
  TokenResponseSchema,
  TwoStepRecoveryCodesSchema,
  TwoStepSetupResponseSchema,
} from '@pictura/contract';

const PERIOD_SECONDS = 30;

interface AdminTwoStep {
  secret: string;
  recoveryCodes: string[];
  /** The newest time step whose code was handed out. */
  lastStep: number;
}

const dataDir = (): string => {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is set by playwright.config.ts');
  return dir;
};
const stateFile = () => join(dataDir(), 'e2e-admin-two-step.json');
const lockDir = () => join(dataDir(), 'e2e-admin-two-step.lock');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const currentStep = (): number => Math.floor(Date.now() / 1000 / PERIOD_SECONDS);
export const codeForStep = (secret: string, step: number): Promise<string> =>
  generate({ secret, epoch: step * PERIOD_SECONDS });

async function saveAdminTwoStep(state: AdminTwoStep): Promise<void> {
  await writeFile(stateFile(), JSON.stringify(state), { mode: 0o600 });
}

const hasAdminTwoStep = (): Promise<boolean> =>
  readFile(stateFile()).then(
    () => true,
    () => false,
  );

/**
 * Once per run, before the tests: the admin logs in with the password alone (no second step yet),
 * gives the password again (re-authentication), sets up two-step sign-in with a code computed from the secret, and the secret and recovery codes
 * go to the file.
 */
export async function setUpAdminTwoStep(request: APIRequestContext): Promise<void> {
  if (await hasAdminTwoStep()) return;
  const login = await request.post(apiPaths.accountsLogin, {
    data: { email: process.env.E2E_ADMIN_EMAIL, password: process.env.E2E_ADMIN_PASSWORD },
  });
  if (!login.ok()) throw new Error(`the e2e admin could not log in: ${login.status()}`);
  const { accessToken } = TokenResponseSchema.parse(await login.json());
  const headers = { authorization: `Bearer ${accessToken}` };
  // Turning the step on asks for a recent re-authentication: the password again.
  const reauthenticated = await request.post(apiPaths.accountsReauthenticate, {
    headers,
    data: { password: process.env.E2E_ADMIN_PASSWORD },
  });
  if (!reauthenticated.ok()) {
    throw new Error(`the e2e admin could not re-authenticate: ${reauthenticated.status()}`);
  }
  const setup = await request.post(apiPathTo.accountsTwoStepSetup(), { headers });
  const { secret } = TwoStepSetupResponseSchema.parse(await setup.json());
  const step = currentStep();
  const confirm = await request.post(apiPathTo.accountsTwoStepConfirm(), {
    headers,
    data: { code: await codeForStep(secret, step) },
  });
  if (!confirm.ok()) throw new Error(`the e2e admin's two-step set-up failed: ${confirm.status()}`);
  const { recoveryCodes } = TwoStepRecoveryCodesSchema.parse(await confirm.json());
  await saveAdminTwoStep({ secret, recoveryCodes, lastStep: step });
}

/** Runs `action` while no other worker does (mkdir is atomic). */
async function underLock<T>(action: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      await mkdir(lockDir());
      break;
    } catch {
      await sleep(20);
    }
  }
  try {
    return await action();
  } finally {
    await rm(lockDir(), { recursive: true, force: true });
  }
}

/** A second step for one admin sign-in that no other sign-in gets. */
export function nextAdminCode(): Promise<string> {
  return underLock(async () => {
    const state = JSON.parse(await readFile(stateFile(), 'utf8')) as AdminTwoStep;
    const step = Math.max(state.lastStep + 1, currentStep());
    if (step <= currentStep() + 1) {
      await saveAdminTwoStep({ ...state, lastStep: step });
      return codeForStep(state.secret, step);
    }
    const [recoveryCode, ...rest] = state.recoveryCodes;
    if (recoveryCode) {
      await saveAdminTwoStep({ ...state, recoveryCodes: rest });
      return recoveryCode;
    }
    // Every code is spent: wait until this step is the next one.
    await sleep((step - 1) * PERIOD_SECONDS * 1000 - Date.now() + 100);
    await saveAdminTwoStep({ ...state, lastStep: step });
    return codeForStep(state.secret, step);
  });
}
