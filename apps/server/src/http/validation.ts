import { isServerMessageKey, type Lang, type ServerMessageKey, translateServer } from '@ex/i18n';
import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';

type Issue = z.core.$ZodIssue;

/** Carries zod issues and the raw input to the error handler, which localises them per request. */
export class RequestValidationError extends Error {
  readonly statusCode = 422;
  constructor(
    readonly issues: Issue[],
    readonly input: unknown,
    readonly part: string,
  ) {
    // Bad input is expected: no stack (capturing one was a fifth of a 422's CPU; docs/benchmarks.md).
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super('Request validation failed');
    Error.stackTraceLimit = limit;
  }
}

export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => {
  return (data: unknown) => {
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    return { error: new RequestValidationError(result.error.issues, data, httpPart ?? 'body') };
  };
};

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let current: unknown = input;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

function messageFor(issue: Issue, input: unknown, lang: Lang): string {
  const t = (key: ServerMessageKey, params?: Record<string, string | number>) =>
    translateServer(lang, key, params);
  // Custom checks in @ex/contract use message keys; their params come along.
  if (isServerMessageKey(issue.message)) {
    const params =
      issue.code === 'custom' ? (issue.params as Record<string, string | number> | undefined) : undefined;
    if (issue.message === 'validation.decimal_type' && valueAt(input, issue.path) === undefined) {
      return t('validation.required');
    }
    return t(issue.message, params);
  }
  // Whatever zod expected (a string, one of an enum, ...), an absent value is simply "required".
  const value = valueAt(input, issue.path);
  if (issue.code !== 'custom' && (value === undefined || (issue.path.length === 0 && value === null))) {
    return t('validation.required');
  }
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.expected === 'int') return t('validation.integer');
      const typeKey = `type.${issue.expected}`;
      const expected = isServerMessageKey(typeKey) ? t(typeKey) : issue.expected;
      return t('validation.invalid_type', { expected });
    }
    case 'too_big': {
      const max = String(issue.maximum);
      if (issue.origin === 'string') return t('validation.string_too_long', { max });
      if (issue.origin === 'array' || issue.origin === 'set') return t('validation.array_too_big', { max });
      return t('validation.number_too_big', { max });
    }
    case 'too_small': {
      const min = String(issue.minimum);
      if (issue.origin === 'string') {
        return valueAt(input, issue.path) === ''
          ? t('validation.required')
          : t('validation.string_too_short', { min });
      }
      if (issue.origin === 'array' || issue.origin === 'set') return t('validation.array_too_small', { min });
      return t('validation.number_too_small', { min });
    }
    case 'invalid_format':
      return issue.format === 'email' ? t('validation.email_invalid') : t('validation.invalid_format');
    case 'invalid_value':
      return t('validation.invalid_option', { values: issue.values.map(String).join(', ') });
    default:
      return t('validation.invalid_value');
  }
}

/** Turns zod issues into the envelope's `errors`: `{ field: [message, ...] }`, `body` for the root. */
export function localiseIssues(issues: Issue[], input: unknown, lang: Lang): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => {
    const list = errors[field] ?? [];
    if (!list.includes(message)) list.push(message);
    errors[field] = list;
  };
  for (const issue of issues) {
    const base = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys)
        add(base ? `${base}.${key}` : key, translateServer(lang, 'validation.unknown_field'));
      continue;
    }
    add(base || 'body', messageFor(issue, input, lang));
  }
  return errors;
}
