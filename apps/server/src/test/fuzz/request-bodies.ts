import type fc from 'fast-check';
import { z } from 'zod';
import { arbitraryFromJsonSchema } from './arbitrary-from-json-schema.js';
import { fieldOverrides, withRepeatedPassword } from './field-overrides.js';
import type { JsonSchema } from './json-schema.js';
import { mutated } from './mutations.js';

export interface BodyArbitraries {
  /** Bodies the zod schema accepts. */
  readonly valid: fc.Arbitrary<unknown>;
  /** Bodies the zod schema refuses, made by breaking valid ones. */
  readonly invalid: fc.Arbitrary<unknown>;
}

/**
 * Generators for one request schema: its JSON schema (the input side) gives the shape, the
 * hand-written field generators the refined fields, and the zod schema itself is the judge, so
 * "valid" and "invalid" mean exactly what the server's validation means.
 */
export function bodyArbitraries(schema: z.ZodType): BodyArbitraries {
  const jsonSchema = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const accepted = (value: unknown) => schema.safeParse(value).success;
  const valid = arbitraryFromJsonSchema(jsonSchema, fieldOverrides)
    .map(withRepeatedPassword)
    .filter(accepted);
  return { valid, invalid: mutated(valid).filter((value) => !accepted(value)) };
}
