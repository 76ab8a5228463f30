import fc from 'fast-check';
import type { FieldOverrides } from './arbitrary-from-json-schema.js';

const label = fc.stringMatching(/^[a-z0-9]{1,12}$/);

/** Addresses `z.email()` accepts, unique enough that sign-ups rarely collide. */
const email = fc
  .tuple(label, fc.nat(), fc.constantFrom('example.com', 'example.org', 'mail.example.net'))
  .map(([name, n, domain]) => `${name}.${n}@${domain}`);

/**
 * 14 to 18 characters drawn from 80: what the server's zxcvbn check calls strong, and short, as
 * zxcvbn's work grows with the length (about 12 ms at 12 characters, 60 ms at 64) and the valid
 * runs check thousands of them.
 */
const PASSWORD_CHARACTERS = [
  ...'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789',
  ...'!#$%&*+-=?@^_~.,:;<>()[]{}',
];
const strongPassword = fc
  .array(fc.constantFrom(...PASSWORD_CHARACTERS), { minLength: 14, maxLength: 18 })
  .map((characters) => characters.join(''));

/**
 * Hand-written generators for refined fields, by field name: the JSON schema of an email is only
 * "a string up to 254", and a new password must also pass zxcvbn on the server.
 * `repeatedPassword` is copied from `password` afterwards (see `withRepeatedPassword`).
 */
export const fieldOverrides: FieldOverrides = {
  email,
  recipientEmail: fc.oneof(fc.constant(''), email),
  password: strongPassword,
};

/** Sign-up, reset and change of password ask for the same password twice. */
export function withRepeatedPassword(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  if (!('password' in value) || !('repeatedPassword' in value)) return value;
  return { ...value, repeatedPassword: value.password };
}
