import fc from 'fast-check';
import type { JsonSchema } from './json-schema.js';

/** Hand-written generators for fields whose rules a JSON schema cannot express (refinements). */
export type FieldOverrides = Readonly<Record<string, fc.Arbitrary<unknown>>>;

// Mostly plain characters so that trimmed, non-empty text rules pass often; some spaces and
// non-ASCII so that the server sees more than ASCII.
const textChar = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(' ', '-', '.', ',', "'", 'é', 'ß', '日', '本', '😀', '<', '"', '\\'),
  },
);

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = schema.maxLength ?? minLength + 64;
  if (schema.pattern !== undefined) {
    return fc
      .stringMatching(new RegExp(schema.pattern))
      .filter((value) => value.length >= minLength && value.length <= maxLength);
  }
  if (schema.format === 'uuid') return fc.uuid({ version: 4 });
  return fc.string({ unit: textChar, minLength, maxLength });
}

function numberArbitrary(schema: JsonSchema): fc.Arbitrary<number> {
  const low =
    schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : (schema.minimum ?? -1e6);
  const high =
    schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : (schema.maximum ?? 1e6);
  // Small ids and amounts near the limits are where bugs hide; huge ones are tried too.
  const min = Math.max(low, Number.MIN_SAFE_INTEGER);
  const max = Math.min(high, Number.MAX_SAFE_INTEGER);
  const integer = fc.oneof(
    fc.constantFrom(min, max),
    fc.integer({ min, max: Math.min(max, min + 1000) }),
    fc.maxSafeInteger().map((n) => min + (Math.abs(n) % (max - min + 1))),
  );
  if (schema.type === 'integer') return integer;
  return fc.oneof(integer, fc.double({ min, max, noNaN: true, noDefaultInfinity: true }));
}

function objectArbitrary(schema: JsonSchema, overrides: FieldOverrides): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, property] of Object.entries(properties)) {
    model[key] = overrides[key] ?? arbitraryFromJsonSchema(property, overrides);
  }
  return fc.record(model, { requiredKeys: [...(schema.required ?? [])] });
}

/** Values that match `schema` (refinements aside: callers filter with the zod schema itself). */
export function arbitraryFromJsonSchema(
  schema: JsonSchema,
  overrides: FieldOverrides = {},
): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) {
    return fc.oneof(...alternatives.map((option) => arbitraryFromJsonSchema(option, overrides)));
  }
  switch (schema.type) {
    case 'object':
      return objectArbitrary(schema, overrides);
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
    case 'number':
      return numberArbitrary(schema);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(arbitraryFromJsonSchema(schema.items ?? {}, overrides), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 10, 10)),
      });
    default:
      return fc.jsonValue();
  }
}
