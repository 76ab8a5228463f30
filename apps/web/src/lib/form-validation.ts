import { zodResolver } from '@hookform/resolvers/zod';
import type { TFunction } from 'i18next';
import { useCallback, useState } from 'react';
import type {
  FieldError,
  FieldErrors,
  FieldValues,
  Path,
  Resolver,
  UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { GENERAL_ERROR_KEY } from '@pictura/contract';
import { ApiError } from './api-client';
import { apiErrorText } from './api-error-text';
import { serverMessageText } from './server-messages';

/**
 * Form validation with the contract's zod schemas, in the user's language. The contract's messages
 * are English, so the resolver does not show them: each zod issue becomes a token naming a key under
 * `validation` in the locale files (plus the limit for length rules), translated when rendered, so a
 * language switch also changes the errors already on screen.
 */

export const VALIDATION_KEYS = [
  'required',
  'email',
  'tooShort',
  'tooLong',
  'passwordsDoNotMatch',
  'mustAgreePrivacy',
  'mustAgreeTerms',
  'countryCode',
  'invalid',
] as const;
export type ValidationKey = (typeof VALIDATION_KEYS)[number];

export interface ValidationMessage {
  key: ValidationKey;
  /** The minimum or maximum of a length rule. */
  limit?: number;
}

const TOKEN = /^validation:([A-Za-z]+)(?::(\d+))?$/;

export function encodeValidation({ key, limit }: ValidationMessage): string {
  return limit === undefined ? `validation:${key}` : `validation:${key}:${limit}`;
}

export function decodeValidation(text: string): ValidationMessage | null {
  const match = TOKEN.exec(text);
  const key = VALIDATION_KEYS.find((known) => known === match?.[1]);
  if (!match || !key) return null;
  return match[2] === undefined ? { key } : { key, limit: Number(match[2]) };
}

/** Maps one zod issue (one without a message of its own) to the text to show. */
export function issueMessage(issue: z.core.$ZodRawIssue): ValidationMessage {
  if (issue.input === undefined || issue.input === null || issue.input === '') {
    return { key: 'required' };
  }
  switch (issue.code) {
    case 'too_small':
      if (issue.origin !== 'string') return { key: 'invalid' };
      // min(1) on a trimmed string: only blanks were typed.
      return Number(issue.minimum) <= 1
        ? { key: 'required' }
        : { key: 'tooShort', limit: Number(issue.minimum) };
    case 'too_big':
      return issue.origin === 'string'
        ? { key: 'tooLong', limit: Number(issue.maximum) }
        : { key: 'invalid' };
    case 'invalid_format':
      return { key: issue.format === 'email' ? 'email' : 'invalid' };
    default:
      return { key: 'invalid' };
  }
}

/**
 * Rules whose English message is written into the contract schema: zod gives that message priority
 * over any error map, so they are recognised by field and issue code instead.
 */
const CONTRACT_RULES: Readonly<Record<string, ValidationKey>> = {
  'repeatedPassword:custom': 'passwordsDoNotMatch',
  'agreedToPrivacyPolicy:invalid_value': 'mustAgreePrivacy',
  'agreedToPP_TOS:invalid_value': 'mustAgreeTerms',
  'country:invalid_format': 'countryCode',
};

function translateContractRules<T extends FieldValues>(errors: FieldErrors<T>): FieldErrors<T> {
  const result: Record<string, FieldError> = {};
  for (const [field, error] of Object.entries(errors as Record<string, FieldError>)) {
    const known = error.message !== undefined && decodeValidation(error.message) !== null;
    const key = CONTRACT_RULES[`${field}:${String(error.type)}`] ?? 'invalid';
    result[field] = known ? error : { ...error, message: encodeValidation({ key }) };
  }
  return result as FieldErrors<T>;
}

/**
 * zodResolver over a contract schema, with translatable messages. Forms are flat (no nesting).
 * `Values` is what the form holds, when it is wider than the schema's input (a checkbox that must
 * end up `true` is a boolean while the user fills in the form).
 */
export function formResolver<
  Schema extends z.ZodType<FieldValues, FieldValues>,
  Values extends FieldValues = z.input<Schema>,
>(schema: Schema): Resolver<Values, unknown, z.output<Schema>> {
  type FormResolver = Resolver<Values, unknown, z.output<Schema>>;
  // zodResolver's overloads cannot follow a generic schema type; the types are the ones above.
  const resolve = zodResolver(schema, {
    error: (issue) => encodeValidation(issueMessage(issue as z.core.$ZodRawIssue)),
  }) as unknown as FormResolver;
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    return { ...result, errors: translateContractRules(result.errors) } as Awaited<
      ReturnType<FormResolver>
    >;
  };
}

/** The text of a field error: a validation token or a known server message translated. */
export function fieldErrorText(message: string | undefined, t: TFunction): string | undefined {
  if (message === undefined) return undefined;
  const decoded = decodeValidation(message);
  if (!decoded) return serverMessageText(message, t);
  return t(`validation.${decoded.key}`, { limit: decoded.limit });
}

/**
 * What goes above the form after a failed submit: the general message (the empty key), any server
 * message about a field the form does not have, or section 8's message for any other failure.
 * Null when every problem is shown on its field.
 */
export function formAlertText(
  error: unknown,
  fieldNames: readonly string[],
  t: TFunction,
): string | null {
  if (error === null || error === undefined) return null;
  if (error instanceof ApiError && error.code === 'serverMessage') {
    return serverMessageText(error.message, t);
  }
  if (!(error instanceof ApiError) || error.code !== 'validationFailed' || !error.fieldErrors) {
    return apiErrorText(error, t);
  }
  const elsewhere = Object.entries(error.fieldErrors)
    .filter(([field]) => field === GENERAL_ERROR_KEY || !fieldNames.includes(field))
    .map(([, message]) => serverMessageText(message, t));
  return elsewhere.length > 0 ? elsewhere.join(' ') : null;
}

/**
 * Failed-submit handling for one form: `report` puts the server's field errors on their fields
 * (focusing the first) and keeps the error for the alert above the form; `attempt` runs a submit
 * action with the previous error forgotten.
 */
export function useSubmitError<T extends FieldValues, Output>(
  form: UseFormReturn<T, unknown, Output>,
) {
  const [error, setError] = useState<unknown>(null);
  const { setError: setFieldError, getValues } = form;

  const report = useCallback(
    (failure: unknown) => {
      const fieldNames = Object.keys(getValues());
      if (failure instanceof ApiError && failure.fieldErrors) {
        let first = true;
        for (const [field, message] of Object.entries(failure.fieldErrors)) {
          if (field === GENERAL_ERROR_KEY || !fieldNames.includes(field)) continue;
          setFieldError(field as Path<T>, { type: 'server', message }, { shouldFocus: first });
          first = false;
        }
      }
      setError(failure);
    },
    [getValues, setFieldError],
  );
  // A failure is reported, not thrown: the form shows it.
  const attempt = useCallback(
    async (action: () => Promise<void>) => {
      setError(null);
      try {
        await action();
      } catch (failure) {
        report(failure);
      }
    },
    [report],
  );

  return { error, fieldNames: Object.keys(getValues()), report, attempt };
}
