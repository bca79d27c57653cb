import type { ValidationIssue } from '@ampere/contract';
import type { FastifySchemaCompiler } from 'fastify';
import type { TFunction } from 'i18next';
import { z } from 'zod';

/**
 * Carries zod's issues and the input that failed, so the error handler can tell a missing field
 * ("required") from a wrong one and localize each message for the caller.
 */
export class RequestValidationError extends Error {
  constructor(
    readonly issues: readonly z.core.$ZodIssue[],
    readonly input: unknown,
  ) {
    super('Request validation failed');
    this.name = 'RequestValidationError';
  }
}

export const zodValidatorCompiler: FastifySchemaCompiler<z.core.$ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    // A POST without a body is an empty form: it gets the fields' own messages ("enter the
    // account"), not "body has the wrong type".
    const input: unknown = httpPart === 'body' && (data === undefined || data === null) ? {} : data;
    const result = z.safeParse(schema, input);
    return result.success
      ? { value: result.data }
      : { error: new RequestValidationError(result.error.issues, input) };
  };

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let node = input;
  for (const key of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<PropertyKey, unknown>)[key];
  }
  return node;
}

/** A schema may name its own message with a key of the `validation` namespace. */
function customKey(message: string, t: TFunction): string | undefined {
  return /^[a-z_]+$/.test(message) && t(`validation.${message}`, { defaultValue: '' }) !== ''
    ? message
    : undefined;
}

export function describeIssues(
  error: RequestValidationError,
  context: string,
  t: TFunction,
): ValidationIssue[] {
  return error.issues.flatMap((issue): ValidationIssue[] => {
    const field = issue.path.map(String).join('.') || context;
    const own = customKey(issue.message, t);
    if (own) return [{ field, msg: t(`validation.${own}`, { field, ...issueParams(issue) }) }];
    switch (issue.code) {
      case 'unrecognized_keys':
        return issue.keys.map((key) => ({
          field: key,
          msg: t('validation.unknown_field', { field: key }),
        }));
      case 'invalid_type':
        return [
          {
            field,
            msg: t(
              valueAt(error.input, issue.path) === undefined
                ? 'validation.required'
                : 'validation.invalid_type',
              { field },
            ),
          },
        ];
      case 'too_small':
        return [
          {
            field,
            msg: t(issue.origin === 'string' ? 'validation.too_short' : 'validation.too_small', {
              field,
              min: String(issue.minimum),
            }),
          },
        ];
      case 'too_big':
        return [
          {
            field,
            msg: t(issue.origin === 'string' ? 'validation.too_long' : 'validation.too_big', {
              field,
              max: String(issue.maximum),
            }),
          },
        ];
      case 'invalid_format':
        return [{ field, msg: t('validation.invalid_format', { field }) }];
      case 'invalid_value':
        return [
          {
            field,
            msg: t('validation.invalid_option', {
              field,
              options: issue.values.map(String).join(', '),
            }),
          },
        ];
      case 'invalid_union':
        return [
          {
            field,
            msg: t(
              valueAt(error.input, issue.path) === undefined
                ? 'validation.required'
                : 'validation.invalid',
              { field },
            ),
          },
        ];
      case 'invalid_key':
      case 'invalid_element':
      case 'not_multiple_of':
      case 'custom':
        return [{ field, msg: t('validation.invalid', { field }) }];
    }
  });
}

function issueParams(issue: z.core.$ZodIssue): Record<string, string> {
  if (issue.code === 'too_small') return { min: String(issue.minimum) };
  if (issue.code === 'too_big') return { max: String(issue.maximum) };
  return {};
}
