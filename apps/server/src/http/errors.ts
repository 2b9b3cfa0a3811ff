import { ERRORS, type ErrorName } from '@ex/contract';

/**
 * An expected refusal: a name from the contract's catalogue (code, status, message key) plus
 * optional message params and field errors (field -> message keys, localised on the way out).
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: number;
  readonly key: (typeof ERRORS)[ErrorName]['key'];

  constructor(
    readonly errorName: ErrorName,
    readonly params?: Record<string, string | number>,
    readonly fieldKeys?: Record<string, string[]>,
  ) {
    const def = ERRORS[errorName];
    // An expected refusal (4xx) carries no stack: capturing one cost more than the rest of a
    // refused request (docs/benchmarks.md, fourteenth session). A 5xx keeps its stack for the log.
    const limit = Error.stackTraceLimit;
    if (def.status < 500) Error.stackTraceLimit = 0;
    super(errorName);
    Error.stackTraceLimit = limit;
    this.statusCode = def.status;
    this.code = def.code;
    this.key = def.key;
  }
}

/** A 422 on one field with a server message key (e.g. a captcha required only when switched on). */
export function fieldError(field: string, key: string): AppError {
  return new AppError('VALIDATION', undefined, { [field]: [key] });
}
