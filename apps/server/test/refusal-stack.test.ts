// Expected refusals (a 4xx AppError, a request that fails validation) are built without a stack
// trace: capturing one was about a fifth of a refused request's CPU (docs/benchmarks.md, fourteenth
// session, bench:ladder). An outage (5xx) keeps its stack for the log, and the process-wide limit
// is left as it was.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../src/http/errors.ts';
import { RequestValidationError, zodValidatorCompiler } from '../src/http/validation.ts';

const frames = (e: Error) =>
  (e.stack ?? '').split('\n').filter((l) => l.trimStart().startsWith('at ')).length;

describe('refusals without a stack', () => {
  it('a 4xx AppError has no frames and keeps its code, status and params', () => {
    const e = new AppError('INSUFFICIENT_BALANCE', { coin: 'USDC' });
    expect(frames(e)).toBe(0);
    expect(e.statusCode).toBe(400);
    expect(e.params).toEqual({ coin: 'USDC' });
    expect(e).toBeInstanceOf(Error);
  });

  it('a 5xx AppError keeps its stack', () => {
    expect(frames(new AppError('ENGINE_UNAVAILABLE'))).toBeGreaterThan(0);
  });

  it('a failed validation has no frames and carries the issues', () => {
    const validate = zodValidatorCompiler({
      schema: z.strictObject({ quantity: z.string() }),
      method: 'POST',
      url: '/x',
      httpPart: 'body',
    }) as (data: unknown) => { error?: Error };
    const { error } = validate({ quantity: 1 });
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(frames(error!)).toBe(0);
    expect((error as RequestValidationError).issues.length).toBe(1);
  });

  it('leaves Error.stackTraceLimit as it found it', () => {
    const before = Error.stackTraceLimit;
    new AppError('VALIDATION');
    new AppError('INTERNAL');
    expect(Error.stackTraceLimit).toBe(before);
    expect(frames(new Error('ordinary'))).toBeGreaterThan(0);
  });
});
