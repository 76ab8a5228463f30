import type { TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ResourceKey } from 'i18next';
import {
  ACCOUNT_MESSAGES,
  ChangePasswordRequestSchema,
  ERROR_MESSAGES,
  LoginRequestSchema,
  RegisterRequestSchema,
  UpdateBillingRequestSchema,
} from '@pictura/contract';
import { ApiError } from './api-client';
import en from '../locales/en.json';
import {
  decodeValidation,
  encodeValidation,
  fieldErrorText,
  formAlertText,
  formResolver,
  VALIDATION_KEYS,
} from './form-validation';
import { i18n, initI18n } from './i18n';

const localeModules = import.meta.glob<ResourceKey>('../locales/*.json', { import: 'default' });

beforeAll(async () => {
  await initI18n({ lng: 'en', loaders: localeModules });
});

// Follows the language changes below.
const t: TFunction = i18n.t.bind(i18n);

/** Runs a resolver the way react-hook-form does, and returns the texts shown per field. */
async function shownErrors(resolver: ReturnType<typeof formResolver>, values: object) {
  const { errors } = await resolver(values, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });
  return Object.fromEntries(
    Object.entries(errors).map(([field, error]) => [
      field,
      fieldErrorText(error?.message as string, t),
    ]),
  );
}

describe('validation tokens', () => {
  it('each have a text', () => {
    expect(Object.keys(en.validation).sort()).toEqual([...VALIDATION_KEYS].sort());
  });

  it('round-trip with and without a limit, and ignore anything else', () => {
    expect(decodeValidation(encodeValidation({ key: 'tooShort', limit: 8 }))).toEqual({
      key: 'tooShort',
      limit: 8,
    });
    expect(decodeValidation(encodeValidation({ key: 'required' }))).toEqual({ key: 'required' });
    expect(decodeValidation('validation:noSuchKey')).toBeNull();
    expect(decodeValidation('The email or password is not correct.')).toBeNull();
  });
});

describe('contract schemas in the form resolver', () => {
  it('says what is wrong with each field, in English', async () => {
    await i18n.changeLanguage('en');
    expect(
      await shownErrors(formResolver(LoginRequestSchema), { email: '', password: '' }),
    ).toEqual({
      email: 'This field is required.',
      password: 'This field is required.',
    });
    expect(
      await shownErrors(formResolver(RegisterRequestSchema), {
        email: 'not an email',
        password: 'short',
        repeatedPassword: 'short',
        agreedToPrivacyPolicy: false,
      }),
    ).toEqual({
      email: 'Enter a valid email address, such as name@example.com.',
      password: 'Use at least 8 characters.',
      agreedToPrivacyPolicy: 'You must agree to the privacy policy.',
    });
  });

  it('recognises the rules whose English message is written into the contract', async () => {
    await i18n.changeLanguage('en');
    const mismatch = await shownErrors(formResolver(ChangePasswordRequestSchema), {
      currentPassword: 'old password',
      password: 'a new long password',
      repeatedPassword: 'another long password',
    });
    expect(mismatch).toEqual({ repeatedPassword: 'The passwords do not match.' });
    const billing = await shownErrors(formResolver(UpdateBillingRequestSchema), {
      country: 'Spain',
      city: 'x'.repeat(101),
      address1: ' ',
      state: '',
      zipCode: '28001',
    });
    expect(billing).toEqual({
      country: 'Choose a country.',
      city: 'Use at most 100 characters.',
      address1: 'This field is required.',
    });
  });

  it('translates the same errors into Spanish and Japanese', async () => {
    const values = { email: '', password: 'x'.repeat(129) };
    await i18n.changeLanguage('es');
    expect(await shownErrors(formResolver(LoginRequestSchema), values)).toEqual({
      email: 'Este campo es obligatorio.',
      password: 'Usa como máximo 128 caracteres.',
    });
    await i18n.changeLanguage('ja');
    expect(await shownErrors(formResolver(LoginRequestSchema), values)).toEqual({
      email: 'この項目は必須です。',
      password: '128文字以内で入力してください。',
    });
    await i18n.changeLanguage('en');
  });

  it('passes the parsed values on when the form is valid', async () => {
    const { values, errors } = await formResolver(LoginRequestSchema)(
      { email: '  Ada@Example.COM ', password: ' spaces kept ' },
      undefined,
      { fields: {}, shouldUseNativeValidation: false },
    );
    expect(errors).toEqual({});
    expect(values).toEqual({ email: 'ada@example.com', password: ' spaces kept ' });
  });
});

describe('server messages', () => {
  it('translates the contract account messages and shows any other as sent', async () => {
    await i18n.changeLanguage('es');
    expect(fieldErrorText(ACCOUNT_MESSAGES.emailTaken, t)).toBe(
      'Ya existe una cuenta con este correo electrónico.',
    );
    expect(fieldErrorText('Something the server says', t)).toBe('Something the server says');
    await i18n.changeLanguage('en');
  });

  it('puts the general message, and messages about fields the form lacks, above the form', () => {
    const fields = ['email', 'password'];
    const general = new ApiError('serverMessage', ACCOUNT_MESSAGES.invalidCredentials, 400);
    expect(formAlertText(general, fields, t)).toBe('The email or password is not correct.');
    const mixed = new ApiError('validationFailed', ERROR_MESSAGES.validationFailed, 400, {
      email: ACCOUNT_MESSAGES.emailTaken,
      '': 'Please check the form.',
      captcha: 'Solve the puzzle.',
    });
    expect(formAlertText(mixed, fields, t)).toBe('Please check the form. Solve the puzzle.');
    const onFields = new ApiError('validationFailed', ERROR_MESSAGES.validationFailed, 400, {
      email: ACCOUNT_MESSAGES.emailTaken,
    });
    expect(formAlertText(onFields, fields, t)).toBeNull();
    expect(formAlertText(new ApiError('tooManyRequests', 'x', 429), fields, t)).toBe(
      ERROR_MESSAGES.tooManyRequests,
    );
    expect(formAlertText(null, fields, t)).toBeNull();
  });
});
