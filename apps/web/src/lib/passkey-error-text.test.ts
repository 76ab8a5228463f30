import { beforeAll, describe, expect, it } from 'vitest';
import type { ResourceKey, TFunction } from 'i18next';
import { ACCOUNT_MESSAGES, PASSKEY_MESSAGES } from '@pictura/contract';
import en from '../locales/en.json';
import es from '../locales/es.json';
import ja from '../locales/ja.json';
import { ApiError } from './api-client';
import { i18n, initI18n } from './i18n';
import { passkeyErrorText } from './passkey-error-text';

// Keyed as the app's own loaders are (`../locales/en.json`).
const localeModules = Object.fromEntries(
  Object.entries(import.meta.glob<ResourceKey>('../locales/*.json', { import: 'default' })).map(
    ([path, load]) => [path.replace('../../', '../'), load],
  ),
);

beforeAll(async () => {
  await initI18n({ lng: 'en', loaders: localeModules });
});

const t: TFunction = i18n.t.bind(i18n);

/** What @simplewebauthn/browser throws when the browser refuses. */
const browserError = (name: string, code = 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY') =>
  Object.assign(new Error('refused'), { name, code });

describe('passkey error texts', () => {
  it("give the server's passkey messages in English as sent, and in every other language", () => {
    expect(en.passkeys.serverMessages).toEqual(PASSKEY_MESSAGES);
    for (const locale of [es, ja]) {
      expect(Object.keys(locale.passkeys.serverMessages).sort()).toEqual(
        Object.keys(PASSKEY_MESSAGES).sort(),
      );
      for (const [key, english] of Object.entries(PASSKEY_MESSAGES)) {
        expect(locale.passkeys.serverMessages[key as keyof typeof PASSKEY_MESSAGES]).not.toBe(
          english,
        );
      }
    }
  });

  it("translate the server's refusal, the browser's and any other failure", async () => {
    await i18n.changeLanguage('ja');
    const refused = new ApiError('serverMessage', PASSKEY_MESSAGES.notVerified, 400);
    expect(passkeyErrorText(refused, [], t)).toBe(ja.passkeys.serverMessages.notVerified);
    expect(passkeyErrorText(browserError('NotAllowedError'), [], t)).toBe(
      ja.passkeys.errors.cancelled,
    );
    expect(
      passkeyErrorText(
        browserError('InvalidStateError', 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED'),
        [],
        t,
      ),
    ).toBe(ja.passkeys.errors.onDevice);
    expect(passkeyErrorText(new TypeError('no WebAuthn'), [], t)).toBe(ja.passkeys.errors.device);
    await i18n.changeLanguage('en');
    const tooMany = new ApiError('tooManyRequests', 'Too many requests.', 429);
    expect(passkeyErrorText(tooMany, [], t)).toBe('Too many requests.');
    // A wrong password is shown on its field, not above the form.
    const wrongPassword = new ApiError('validationFailed', 'Validation failed', 400, {
      currentPassword: ACCOUNT_MESSAGES.currentPasswordWrong,
    });
    expect(passkeyErrorText(wrongPassword, ['name', 'currentPassword'], t)).toBeNull();
    expect(passkeyErrorText(null, [], t)).toBeNull();
  });
});
