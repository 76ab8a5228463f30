import fc from 'fast-check';
import type { FieldOverrides } from './arbitrary-from-json-schema.js';

const word = fc.constantFrom(
  'violet',
  'harbor',
  'lantern',
  'copper',
  'meadow',
  'glacier',
  'saffron',
  'tundra',
  'orchid',
  'quartz',
  'falcon',
  'ember',
  'juniper',
  'nebula',
  'pebble',
  'walrus',
  'zephyr',
  'marble',
);
const capitalised = word.map((w) => w[0]!.toUpperCase() + w.slice(1));
const label = fc.stringMatching(/^[a-z0-9]{1,12}$/);

/** Addresses `z.email()` accepts, unique enough that sign-ups rarely collide. */
const email = fc
  .tuple(label, fc.nat(), fc.constantFrom('example.com', 'example.org', 'mail.example.net'))
  .map(([name, n, domain]) => `${name}.${n}@${domain}`);

/** Four words, a number and capitals: what the server's zxcvbn check calls strong. */
const strongPassword = fc
  .tuple(
    word,
    capitalised,
    fc.integer({ min: 10, max: 9999 }),
    word,
    fc.constantFrom('-', '_', '.', '!'),
  )
  .map(([a, b, n, c, sep]) => [a, b, String(n), c].join(sep));

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
